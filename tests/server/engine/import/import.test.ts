import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../../contract/definitions';
import {
  type AnyResource,
  type Field,
  fillPath,
  importable,
  resourceCalls,
} from '../../../../contract/resource';
import type { ImportPreview } from '../../../../contract/import';
import { roles } from '../../../../contract/roles';
import { buildApp } from '../../../../server/app';
import { testConfig } from '../../../../server/config';
import type { Database, Db } from '../../../../server/db/client';
import { auditLog } from '../../../../server/db/schema';
import { tableOf, columnsOf } from '../../../../server/engine/tables';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../../helpers';
import { createTeamsTable, dropTeamsTable, teams } from '../teams';
import { sampleCell } from '../../../contract/samples';
import { csvOf, importForm } from './files';

/**
 * What every resource that takes a spreadsheet promises, derived from its definition as the
 * registry suite is: a newly registered resource offering create is covered by registering it.
 * A module's import of its own body (users' `importFields`) only creates, and has its module's suite.
 */
const subjects = [...resourceDefinitions, teams as AnyResource].filter(
  (definition) =>
    importable(definition) &&
    !definition.importFields &&
    // The suite matches rows by a unique field; a resource without one (review assignments) only creates.
    Object.values(definition.fields).some((f) => f.unique && !f.readOnly),
);

const keyOf = (definition: AnyResource) =>
  Object.entries(definition.fields).find(([, f]) => f.unique && !f.readOnly)!;
const columnsFor = (definition: AnyResource) =>
  Object.entries(definition.fields).filter(([, f]) => !f.readOnly);

/**
 * Cells name the first school and its staff, the rows each test begins with (a reference
 * `within: 'organization'` takes no other school's, nor an Admin).
 */
const cellOf = (f: Field, n: string) =>
  sampleCell(f, n, {
    references: () => [],
    labels: (to) => [to === 'users' ? 'staff@example.com' : 'Lincoln High School'],
  });

/** Another value the field takes, for an update. */
function otherCellOf(f: Field): string | undefined {
  switch (f.kind) {
    case 'text':
    case 'longText':
      return 'Changed';
    case 'url':
      return 'https://example.com/other';
    case 'choice':
      return f.choices[1]?.label;
    case 'boolean':
      return 'no';
    default:
      return undefined;
  }
}

describe('import over every resource that offers create', () => {
  let app: FastifyInstance;
  let database: Database;
  let db: Db;
  let admin: string;

  beforeAll(async () => {
    database = await testDatabase();
    db = database.db;
    await createTeamsTable(db);
    app = await buildApp(testConfig(), { database, resources: [teams] });
    await app.ready();
  });

  beforeEach(async () => {
    await resetDatabase(database);
    const lincoln = await createOrganization(db, 'Lincoln High School');
    await createOrganization(db, 'Riverside Academy');
    await createUser(db, { email: 'admin@example.com', roles: [roles.admin] });
    await createUser(db, {
      email: 'staff@example.com',
      roles: [roles.athleticDirector],
      organizationId: lincoln.id,
    });
    admin = await signIn(app, 'admin@example.com');
  });

  afterAll(async () => {
    await app?.close();
    await dropTeamsTable(db);
  });

  describe.each(subjects)('$name', (definition) => {
    const calls = resourceCalls(definition);
    const [keyName, keyField] = keyOf(definition);
    const header = columnsFor(definition).map(([, f]) => f.label);
    const rowOf = (n: string, overrides: Record<string, string> = {}) =>
      columnsFor(definition).map(([name, f]) => overrides[name] ?? cellOf(f, n));
    const post = (path: string, file: Buffer, fields: Record<string, string> = {}, cookie = admin) => {
      const form = importForm(file, fields);
      return app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
    };
    const preview = (file: Buffer, fields?: Record<string, string>) =>
      post(calls.importPreview!.path, file, fields);
    const commit = (file: Buffer, fields?: Record<string, string>) =>
      post(calls.importCommit!.path, file, fields);
    const undo = (importId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/${fillPath(calls.importUndo!.path, { importId })}`,
        headers: { cookie: admin },
      });
    const rowsInTable = async () => {
      const table = tableOf(definition);
      const columns = columnsOf(table);
      const [{ rows }] = await db
        .select({ rows: count() })
        .from(table)
        .where(definition.trash ? sql`${columns.deletedAt} is null` : undefined);
      return rows;
    };

    it('previews a file without writing anything: what would be created, and each failing row with its row number, column and the form’s message', async () => {
      const before = await rowsInTable();
      const file = csvOf([header, rowOf('A'), rowOf('B'), rowOf('C', { [keyName]: '' })]);
      const response = await preview(file);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json().result;
      expect(result).toMatchObject({
        rows: 3,
        created: 2,
        updated: 0,
        unchanged: 0,
        unknownColumns: [],
        missingFields: [],
      });
      expect(result.failures).toEqual([
        { row: 4, column: keyField.label, field: keyName, message: `${keyField.label} is required` },
      ]);
      expect(result.failingRows).toEqual([{ row: 4, cells: rowOf('C', { [keyName]: '' }) }]);
      expect(await rowsInTable()).toBe(before);
    });

    it('commits nothing when one row fails, and names the row, its column and the message', async () => {
      const before = await rowsInTable();
      const response = await commit(csvOf([header, rowOf('A'), rowOf('C', { [keyName]: '' })]));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationFailures).toEqual([
        {
          propertyName: `rows.3.${keyName}`,
          errorMessage: `Row 3, ${keyField.label}: ${keyField.label} is required`,
        },
      ]);
      expect(await rowsInTable()).toBe(before);
    });

    it('commits the other rows when the commit leaves out the rows the preview found failing', async () => {
      const before = await rowsInTable();
      const file = csvOf([header, rowOf('A'), rowOf('C', { [keyName]: '' }), rowOf('B')]);
      const response = await commit(file, { skipRows: JSON.stringify([3]) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
      expect(await rowsInTable()).toBe(before + 2);
    });

    it('refuses a key twice in one file on both rows, each naming the other, before and after the key exists', async () => {
      const file = csvOf([header, rowOf('A'), rowOf('A')]);
      const key = cellOf(keyField, 'A');
      const repeated = [
        {
          row: 2,
          column: keyField.label,
          field: keyName,
          message: `${keyField.label} '${key}' is also in row 3`,
        },
        {
          row: 3,
          column: keyField.label,
          field: keyName,
          message: `${keyField.label} '${key}' is also in row 2`,
        },
      ];
      const result = (await preview(file)).json().result;
      expect(result.created).toBe(0);
      expect(result.failures).toEqual(repeated);
      expect((await commit(file)).statusCode).toBe(400);
      expect((await commit(csvOf([header, rowOf('A')]))).statusCode).toBe(200);
      expect((await preview(file)).json().result).toMatchObject({
        updated: 0,
        unchanged: 0,
        failures: repeated,
      });
    });

    it('commits every row with one audit entry each under one import id, leaves a second import of the same file unchanged, and Undo takes the rows away', async () => {
      const before = await rowsInTable();
      const file = csvOf([header, rowOf('A'), rowOf('B')]);
      const response = await commit(file);
      expect(response.statusCode, response.body).toBe(200);
      const { importId, ...counts } = response.json().result;
      expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, invitations: 0 });
      const [{ entries }] = await db
        .select({ entries: count() })
        .from(auditLog)
        .where(sql`${auditLog.details}->>'importId' = ${importId}`);
      expect(entries).toBe(2);
      expect(await rowsInTable()).toBe(before + 2);
      expect((await preview(file)).json().result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

      const undone = await undo(importId);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().result).toEqual({
        removed: 2,
        restored: 0,
        invitations: { sent: 0, cancelled: 0 },
        kept: [],
      });
      expect(await rowsInTable()).toBe(before);
    });

    const changed = columnsFor(definition).find(
      ([name, f]) => name !== keyName && f.kind !== 'reference' && otherCellOf(f) !== undefined,
    );

    it.runIf(changed)(
      'updates the row its unique key matches, and Undo gives it back its value before',
      async () => {
        const [name, f] = changed!;
        await commit(csvOf([header, rowOf('A')]));
        const file = csvOf([header, rowOf('A', { [name]: otherCellOf(f)! })]);
        const previewed = (await preview(file)).json().result;
        expect(previewed).toMatchObject({ created: 0, updated: 1, unchanged: 0, failures: [] });
        const response = await commit(file, { versions: JSON.stringify(previewed.versions) });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().result).toMatchObject({ created: 0, updated: 1 });
        const id = Number(Object.keys(previewed.versions)[0]);
        const table = tableOf(definition);
        const read = async () =>
          (
            await db
              .select()
              .from(table)
              .where(eq(columnsOf(table).id, id))
          )[0] as Record<string, unknown>;
        const updatedValue = (await read())[name];
        const undone = await undo(response.json().result.importId);
        expect(undone.json().result).toEqual({
          removed: 0,
          restored: 1,
          invitations: { sent: 0, cancelled: 0 },
          kept: [],
        });
        expect((await read())[name]).not.toEqual(updatedValue);
      },
    );

    it.runIf(changed)(
      'lists the preview’s rows in file order by outcome, an update with each field it changes, old and new',
      async () => {
        const [name, f] = changed!;
        await commit(csvOf([header, rowOf('A'), rowOf('B')]));
        const file = csvOf([
          header,
          rowOf('A', { [name]: otherCellOf(f)! }),
          rowOf('B'),
          rowOf('C'),
          rowOf('D', { [keyName]: '' }),
        ]);
        const { listed } = (await preview(file)).json().result as ImportPreview;
        expect(listed.map(({ row, outcome }) => [row, outcome])).toEqual([
          [2, 'update'],
          [3, 'unchanged'],
          [4, 'create'],
          [5, 'failing'],
        ]);
        const [update] = listed;
        expect(update.changes.map((change) => change.field)).toEqual([name]);
        expect(update.changes[0].before).not.toEqual(update.changes[0].after);
        expect(listed[2].title).not.toBe('');
      },
    );

    it.runIf(changed)(
      'refuses a row changed since the preview, and Undo keeps a row changed since the import',
      async () => {
        const [name, f] = changed!;
        const created = (await commit(csvOf([header, rowOf('A')]))).json().result;
        const file = csvOf([header, rowOf('A', { [name]: otherCellOf(f)! })]);
        const previewed = (await preview(file)).json().result;
        const id = Number(Object.keys(previewed.versions)[0]);
        const table = tableOf(definition);
        await db
          .update(table)
          .set({ version: sql`version + 1` } as never)
          .where(eq(columnsOf(table).id, id));
        await db
          .insert(auditLog)
          .values({ action: 'update', entityType: definition.audit!.entityType, entityId: String(id) });
        const response = await commit(file, { versions: JSON.stringify(previewed.versions) });
        expect(response.statusCode).toBe(400);
        expect(response.json().validationFailures[0].errorMessage).toBe(
          `Row 2, ${keyField.label}: Someone changed this ${definition.label.one.toLowerCase()} after the preview`,
        );
        const kept = await undo(created.importId);
        expect(kept.statusCode, kept.body).toBe(200);
        expect(kept.json().result).toMatchObject({
          removed: 0,
          restored: 0,
          kept: [{ id, reason: 'changed' }],
        });
        expect(await rowsInTable()).toBe(1 + (definition.name === 'organizations' ? 2 : 0));
      },
    );
  });
});
