import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type AnyResource, seesEveryOrganization } from '../../contract/resource';
import type { SessionUser } from '../auth/sessions';
import { forbidden } from '../http/errors';

/**
 * Rows another organization owns are out of reach for every role but Admin, and an account of such
 * a role without an organization reaches none (403). Undefined where nothing is out of reach.
 */
export function organizationScope(
  definition: AnyResource,
  columns: Record<string, PgColumn>,
  actor: SessionUser,
): SQL | undefined {
  const organizationField = definition.organizationField;
  if (!organizationField || seesEveryOrganization(actor.roles)) return undefined;
  if (actor.organizationId === null) throw forbidden();
  return eq(columns[organizationField], actor.organizationId);
}
