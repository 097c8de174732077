import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

export const organizationOptions = (db: Db) =>
  db
    .select({ value: organizations.id, label: organizations.name })
    .from(organizations)
    .where(isNull(organizations.deletedAt))
    .orderBy(asc(organizations.name));
