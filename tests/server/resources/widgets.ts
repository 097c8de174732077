import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource, field } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import type { Db } from '../../../server/db/client';
import { resourceTable } from '../../../server/db/resource-table';
import * as schema from '../../../server/db/schema';

const admin = [roles.admin];

/** A resource that exists only in the tests: its definition is all the server is given. */
export const widgets = defineResource({
  name: 'widgets',
  table: 'widgets',
  label: { one: 'Widget', many: 'Widgets' },
  titleField: 'name',
  access: {
    list: admin,
    read: admin,
    create: admin,
    update: admin,
    delete: admin,
    bulkDelete: admin,
    export: admin,
  },
  fields: {
    name: field.text({ label: 'Name', max: 100, required: true, unique: 'ci', search: true, sort: true }),
    size: field.choice({
      label: 'Size',
      required: true,
      choices: [
        { value: 'S', label: 'Small' },
        { value: 'L', label: 'Large' },
      ],
      filter: true,
      sort: true,
    }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
    }),
    isActive: field.boolean({ label: 'Active', default: true, filter: true, sort: true }),
  },
  audit: { entityType: 'widget' },
});

export const widgetsTable = resourceTable(widgets);

/** The table as `npm run db:generate` would create it: drizzle-kit's own diff of the schema. */
export async function createWidgetsTable(db: Db) {
  await db.execute(sql`drop table if exists widgets cascade`);
  const statements = await generateMigration(
    generateDrizzleJson({ ...schema }),
    generateDrizzleJson({ ...schema, widgetsTable }),
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
}

export const dropWidgetsTable = (db: Db) => db.execute(sql`drop table if exists widgets cascade`);
