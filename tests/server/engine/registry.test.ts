import { count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  type AnyResource,
  allows,
  exportColumnsOf,
  maxIntegerId,
  missingReferenceMessage,
  ownerFieldOf,
  type ResourceCall,
  resourceCalls,
  fillPath,
  readableFields,
  referenceFields,
  uniqueMessage,
  writableFields,
} from '../../../contract/resource';
import { definitionOf } from '../../../contract/definitions';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { callActions } from '../../../server/engine/guard';
import { reviewAssignments, users } from '../../../server/db/schema';
import { tableOf } from '../../../server/engine/tables';
import type { CallName } from '../../../server/engine/types';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../helpers';
import { hearChanges } from '../modules/changes/heard';
import {
  every,
  parseCsv,
  referenceField,
  sampleBody,
  sampleValue,
  subjects,
  uniqueField,
  type World,
} from './registry-samples';
import { createTeamsTable, dropTeamsTable, exampleResources } from './teams';

const exportHint =
  "an export's columns are its list columns the role may read (`access.read`): `export: true` adds a field the list leaves out, `export: false` drops a list column";

describe.each(subjects)('resource $definition.name', ({ definition, fixture }) => {
  let world: World;
  const calls = every(definition);

  const url = (call: ResourceCall, id: number | string = 1) => {
    const path = fillPath(call.path, { id, organizationId: world.organizationId });
    return `/api/${path}${call.idIn === 'query' ? `?id=${id}` : ''}`;
  };
  const send = (role: string | null, call: ResourceCall, options: Partial<InjectOptions> = {}) =>
    world.app.inject({
      method: call.method,
      url: url(call),
      payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : {},
      ...options,
      headers: role ? { cookie: world.cookies[role] } : {},
    });
  const asAdmin = (call: ResourceCall, options: Partial<InjectOptions> = {}) =>
    send(roles.admin, call, options);

  beforeAll(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    if (fixture) await createTeamsTable(database.db);
    const app = await buildApp(testConfig(), { database, resources: fixture ? exampleResources : [] });
    await app.ready();
    const lincoln = await createOrganization(database.db, 'Lincoln High School');
    const riverside = await createOrganization(database.db, 'Riverside Academy');
    const admin = await createUser(database.db, { email: 'admin@example.com', roles: [roles.admin] });
    const director = await createUser(database.db, {
      email: 'director@example.com',
      roles: [roles.athleticDirector],
      organizationId: lincoln.id,
    });
    const reviewer = await createUser(database.db, {
      email: 'reviewer@example.com',
      roles: [roles.reviewer],
    });
    // A reviewer of the school every role's rows are filed under: refused anyway where not listed.
    await database.db
      .insert(reviewAssignments)
      .values({ reviewerId: reviewer.id, organizationId: lincoln.id });
    world = {
      app,
      db: database.db,
      organizationId: lincoln.id,
      otherOrganizationId: riverside.id,
      adminId: admin.id,
      staffId: director.id,
      cookies: {
        [roles.admin]: await signIn(app, 'admin@example.com'),
        [roles.athleticDirector]: await signIn(app, 'director@example.com'),
        [roles.reviewer]: await signIn(app, 'reviewer@example.com'),
      },
    };
  });

  afterAll(async () => {
    await world?.app.close();
    if (fixture) await dropTeamsTable(world.db);
  });

  it('answers 401 to a visitor on every route', async () => {
    for (const [name, call] of calls) {
      const response = await send(null, call);
      expect(response.statusCode, `${name} ${call.method} ${call.path}`).toBe(401);
      expect(response.json().message).toBe('You need to login to view this page');
    }
  });

  it('answers 403 to every role the definition does not allow, on every route', async () => {
    for (const role of Object.values(roles)) {
      for (const [name, call] of calls.filter(
        ([name]) => !allows(definition, callActions[name as CallName], [role]),
      )) {
        const response = await send(role, call);
        expect(response.statusCode, `${role} ${name} ${call.method} ${call.path}`).toBe(403);
        expect(response.json().message).toBe('You are not authorized to do this.');
      }
    }
  });

  describe.runIf(calls.some(([name]) => name === 'table'))('its table', () => {
    const table = () => resourceCalls(definition).table;
    const failureOf = async (payload: Record<string, unknown>) => {
      const response = await asAdmin(table(), { payload });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().validationFailures;
    };

    it('refuses an unknown sort field, an unknown filter and an over-long search with a 400', async () => {
      expect(await failureOf({ sortField: 'passwordHash' })).toEqual([
        { propertyName: 'sortField', errorMessage: 'Sort field is not a sortable column' },
      ]);
      expect((await failureOf({ filter: { passwordHash: 'x' } }))[0].propertyName).toBe('filter');
      expect((await failureOf({ filter: { ids: [maxIntegerId + 1] } }))[0].propertyName).toBe('filter.ids.0');
      expect(await failureOf({ allSearch: 'x'.repeat(201) })).toEqual([
        { propertyName: 'allSearch', errorMessage: 'Search must be at most 200 characters' },
      ]);
    });
  });

  it('answers an id past the column’s range with a 400 or 404, never a 500', async () => {
    for (const [name, call] of calls.filter(([, call]) => call.idIn)) {
      const response = await asAdmin(call, {
        url: url(call, 3_000_000_000),
        payload:
          call.idIn === 'body'
            ? { ...sampleBody(world, definition), id: 3_000_000_000 }
            : call.method === 'GET' || call.method === 'DELETE'
              ? undefined
              : sampleBody(world, definition),
      });
      expect([400, 404], `${name} ${response.body}`).toContain(response.statusCode);
    }
  });

  const creates = calls.some(([name]) => name === 'create');

  it.runIf(creates && uniqueField(definition))(
    'gives exactly one success, the rest 400, and one row, to four concurrent identical creates',
    async () => {
      const [name, f] = uniqueField(definition)!;
      const body = sampleBody(world, definition, 'Race');
      const responses = await Promise.all(
        [1, 2, 3, 4].map(() => asAdmin(resourceCalls(definition).create, { payload: body })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([200, 400, 400, 400]);
      for (const refused of responses.filter((response) => response.statusCode === 400)) {
        expect(refused.json().validationFailures).toEqual([
          { propertyName: name, errorMessage: uniqueMessage(f) },
        ]);
      }
      const table = tableOf(definition);
      const column = (table as unknown as Record<string, never>)[name];
      const [{ n }] = await world.db
        .select({ n: count() })
        .from(table)
        .where(eq(sql`lower(${column})`, String(body[name]).toLowerCase()));
      expect(n).toBe(1);
    },
  );

  it.runIf(Boolean(resourceCalls(definition).references))(
    "offers every role that reads it, in each reference, only rows within that role's reach",
    async () => {
      const call = resourceCalls(definition).references!;
      for (const role of definition.access.read ?? []) {
        for (const [name, f] of referenceFields(definition)) {
          // A reference within the organization offers the form's organization's rows: the role's own.
          const within = f.within ? { organizationId: world.organizationId } : {};
          const response = await send(role, call, { payload: { field: name, ...within } });
          expect(response.statusCode, `${role} ${name}: ${response.body}`).toBe(200);
          const values = (response.json().result as { value: number }[]).map((option) => option.value);
          if (role === roles.admin || allows(definitionOf(f.to)!, 'list', [role])) continue;
          // Any other role reaches only its own organization's rows, found through the referenced table.
          const target = definitionOf(f.to)!;
          const owner = ownerFieldOf(target);
          const columns = tableOf(target) as unknown as Record<string, never>;
          const reachable = owner
            ? await world.db
                .select({ id: columns.id })
                .from(tableOf(target))
                .where(eq(columns[owner], world.organizationId))
            : [];
          expect(values.sort(), `${role} ${name}: exactly its organization's rows`).toEqual(
            reachable.map((row) => row.id as number).sort(),
          );
        }
      }
    },
  );

  it.runIf(creates && referenceField(definition))('refuses a dangling reference with a 400', async () => {
    const [name, f] = referenceField(definition)!;
    const response = await asAdmin(resourceCalls(definition).create, {
      payload: { ...sampleBody(world, definition, 'Dangling'), [name]: maxIntegerId - 1 },
    });
    expect(response.statusCode, response.body).toBe(400);
    const referenced = definitionOf((f as { to: string }).to) as AnyResource;
    expect(response.json().validationFailures).toEqual([
      { propertyName: name, errorMessage: missingReferenceMessage(referenced) },
    ]);
  });

  const requiredReferences = Object.entries(definition.fields).filter(
    ([, f]) => f.kind === 'reference' && f.required && !f.readOnly,
  );

  it.runIf(creates && requiredReferences.length > 0)(
    'refuses a create without a required reference with a 400 naming it, and writes no row',
    async () => {
      const table = tableOf(definition);
      const rowsBefore = await world.db.select({ n: count() }).from(table);
      for (const [name, f] of requiredReferences) {
        const { [name]: _omitted, ...body } = sampleBody(world, definition, 'NoReference');
        const response = await asAdmin(resourceCalls(definition).create, { payload: body });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        expect(response.json().validationFailures).toEqual([
          { propertyName: name, errorMessage: `${f.label} is required` },
        ]);
      }
      expect(await world.db.select({ n: count() }).from(table)).toEqual(rowsBefore);
    },
  );

  it.runIf(creates && requiredReferences.length > 0)(
    'shows each required reference in the OpenAPI create body as required and not nullable',
    async () => {
      const document = (await world.app.inject({ url: '/api/openapi.json' })).json();
      const call = resourceCalls(definition).create;
      const operation = document.paths[`/api/${call.path}`].post;
      const body = operation.requestBody.content['application/json'].schema;
      for (const [name] of requiredReferences) {
        expect(body.required, `${name} is required`).toContain(name);
        expect(JSON.stringify(body.properties[name]), `${name} is not nullable`).not.toMatch(
          /"null"|nullable/,
        );
      }
    },
  );

  const offers = (name: CallName) => calls.some(([offered]) => offered === name);

  describe.runIf(offers('update') || offers('delete'))('versions', () => {
    const table = () => tableOf(definition);
    const idColumn = () => (table() as unknown as Record<string, never>).id;
    const stored = async (id: number) => {
      const [row] = await world.db.select().from(table()).where(eq(idColumn(), id));
      return row as Record<string, unknown> | undefined;
    };

    /** A new row, through the create route where the definition has one, else straight into its table. */
    const newRow = async (n: string) => {
      if (offers('create')) {
        const created = await asAdmin(resourceCalls(definition).create, {
          payload: sampleBody(world, definition, n),
        });
        expect(created.statusCode, created.body).toBe(200);
        return created.json().result.id as number;
      }
      const values = Object.fromEntries(
        Object.entries(definition.fields).map(([name, f]) => [name, sampleValue(world, f, n)]),
      );
      const [row] = await world.db.insert(table()).values(values).returning();
      return (row as { id: number }).id;
    };

    const update = (id: number, version: number, n: string) => {
      const call = resourceCalls(definition).update;
      const body = { ...sampleBody(world, definition, n), version };
      return asAdmin(call, { url: url(call, id), payload: call.idIn === 'body' ? { ...body, id } : body });
    };
    const remove = (id: number, version: number) => {
      const call = resourceCalls(definition).delete;
      const target = url(call, id);
      return asAdmin(call, { url: `${target}${target.includes('?') ? '&' : '?'}version=${version}` });
    };
    /** Someone else's write: through the update route, or by hand where there is none. */
    const writeElsewhere = async (id: number, version: number) => {
      if (!offers('update')) {
        await world.db
          .update(table())
          .set({ version: version + 1 } as never)
          .where(eq(idColumn(), id));
        return;
      }
      const response = await update(id, version, 'Elsewhere');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.version).toBe(version + 1);
    };
    const expectConflict = (response: Awaited<ReturnType<typeof asAdmin>>, id: number) => {
      expect(response.statusCode, response.body).toBe(409);
      const body = response.json();
      expect(body.validationFailures).toEqual([
        { propertyName: '', errorMessage: expect.stringMatching(/changed this .* after you opened it$/) },
      ]);
      expect(body.result.current).toMatchObject({ id, version: 2 });
    };

    it('refuses a stale update and a stale delete with a 409 naming who changed it, and leaves the row as it was', async () => {
      const id = await newRow('Versioned');
      expect((await stored(id))?.version).toBe(1);
      await writeElsewhere(id, 1);
      const before = await stored(id);
      if (offers('update')) expectConflict(await update(id, 1, 'Stale'), id);
      if (offers('delete')) expectConflict(await remove(id, 1), id);
      expect(await stored(id)).toEqual(before);
      if (offers('delete')) {
        const removed = await remove(id, 2);
        expect(removed.statusCode, removed.body).toBe(200);
        // With the trash, the current version's delete moves the row there instead.
        if (definition.trash) expect(await stored(id)).toMatchObject({ deletedAt: expect.any(Date) });
        else expect(await stored(id)).toBeUndefined();
      }
    });

    it.runIf(offers('update'))(
      'announces an update to the change streams as a change of this resource, whoever serves it',
      async () => {
        const id = await newRow('Announced');
        const heard = await hearChanges(world.db);
        onTestFinished(() => heard.close());
        const response = await update(id, 1, 'AnnouncedAgain');
        expect(response.statusCode, response.body).toBe(200);
        await heard.waitFor({ resource: definition.name, id, action: 'updated', version: 2 });
      },
    );

    it.runIf(offers('update'))(
      'gives exactly one 200 to two concurrent updates of the same version',
      async () => {
        const id = await newRow('Raced');
        const responses = await Promise.all([update(id, 1, 'RaceOne'), update(id, 1, 'RaceTwo')]);
        expect(
          responses.map((response) => response.statusCode).sort(),
          responses.map((r) => r.body).join('\n'),
        ).toEqual([200, 409]);
        expect((await stored(id))?.version).toBe(2);
      },
    );
  });

  it.runIf(definition.trash)(
    'moves a deleted record to the trash, out of its table and lookups, and restores it unless its unique value was taken',
    async () => {
      const calls = resourceCalls(definition);
      const body = sampleBody(world, definition, 'Trashed');
      const created = await asAdmin(calls.create, { payload: body });
      expect(created.statusCode, created.body).toBe(200);
      const id: number = created.json().result.id;
      const deleted = await asAdmin(calls.delete, { url: url(calls.delete, id) });
      expect(deleted.statusCode, deleted.body).toBe(200);

      const ids = async (call: ResourceCall) =>
        (await asAdmin(call, { payload: { take: 100 } }))
          .json()
          .result.data.map((row: { id: number }) => row.id);
      expect(await ids(calls.table)).not.toContain(id);
      expect((await asAdmin(calls.getOne, { url: url(calls.getOne, id) })).statusCode).toBe(404);
      expect((await asAdmin(calls.update, { url: url(calls.update, id), payload: body })).statusCode).toBe(
        404,
      );
      const trash = (await asAdmin(calls.trashTable!, { payload: { take: 100 } })).json().result.data;
      expect(trash.filter((row: { id: number }) => row.id === id)).toEqual([
        expect.objectContaining({ id, deletedAt: expect.any(String), deletedByName: expect.any(String) }),
      ]);

      // A new record takes the trashed one's unique value: restoring the old one is the field's 400.
      const [name, f] = uniqueField(definition) ?? [];
      const again = await asAdmin(calls.create, { payload: body });
      if (name && f) {
        expect(again.statusCode, again.body).toBe(200);
        const refused = await asAdmin(calls.restore!, { url: url(calls.restore!, id) });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().validationFailures).toEqual([
          { propertyName: name, errorMessage: uniqueMessage(f) },
        ]);
        const purged = await asAdmin(calls.purgeMany!, { payload: { ids: [again.json().result.id] } });
        expect(purged.statusCode, 'only a trashed record is purged').toBe(404);
        await asAdmin(calls.delete, { url: url(calls.delete, again.json().result.id) });
        const gone = await asAdmin(calls.purgeMany!, { payload: { ids: [again.json().result.id] } });
        expect(gone.statusCode, gone.body).toBe(200);
      }
      const restored = await asAdmin(calls.restore!, { url: url(calls.restore!, id) });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(await ids(calls.table)).toContain(id);
      expect(await ids(calls.trashTable!)).not.toContain(id);
    },
  );

  const guardedFields = Object.entries(definition.fields).filter(([, f]) => f.access);

  it.runIf(creates && guardedFields.length > 0)(
    "keeps every field's access: each role that reads the resource is answered exactly the fields it may read, and refused a body naming one it may not",
    async () => {
      const all = resourceCalls(definition);
      const created = await asAdmin(all.create, { payload: sampleBody(world, definition, 'Guarded') });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().result.id as number;
      for (const role of (definition.access.read ?? []).filter((role) => world.cookies[role])) {
        const readable = readableFields(definition, [role]);
        const shown = (row: Record<string, unknown>) =>
          Object.keys(definition.fields).filter((name) => name in row);
        const read = await send(role, all.getOne, { url: url(all.getOne, id) });
        expect(read.statusCode, `${role}: ${read.body}`).toBe(200);
        expect(shown(read.json().result), role).toEqual(readable);
        if (allows(definition, 'list', [role])) {
          const page = await send(role, all.table, { payload: { filter: { ids: [id] } } });
          expect(shown(page.json().result.data[0]), role).toEqual(readable);
        }
        if (allows(definition, 'export', [role])) {
          const exported = await send(role, all.export);
          const expected = exportColumnsOf(definition).filter((name) => readable.includes(name));
          expect(parseCsv(exported.body)[0], `${role}: ${exportHint}`).toEqual(
            expected.map((name) => definition.fields[name].label),
          );
        }
        for (const [name] of guardedFields.filter(([name]) => !readable.includes(name))) {
          if (!allows(definition, 'create', [role])) continue;
          const refused = await send(role, all.create, {
            payload: {
              ...sampleBody(world, definition, 'Hidden'),
              [name]: sampleBody(world, definition)[name],
            },
          });
          expect(refused.statusCode, `${role} ${name}`).toBe(403);
        }
      }
    },
  );

  it('lists every route in the OpenAPI document with the session cookie as its security', async () => {
    const document = (await world.app.inject({ url: '/api/openapi.json' })).json();
    for (const [name, call] of calls) {
      const path = `/api/${call.path}`.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${name} ${call.method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ session: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
      if (name === 'update' || name === 'delete') {
        expect(Object.keys(operation.responses), `${name} answers 409 to a stale version`).toContain('409');
        expect(operation.description).toMatch(/Without a `version` the write is made unconditionally/);
      }
    }
  });

  it.runIf(calls.some(([name]) => name === 'export'))(
    'exports as CSV exactly the rows of its table',
    async () => {
      if (creates) {
        for (const n of ['One', 'Two', 'Three, with "quotes"']) {
          const created = await asAdmin(resourceCalls(definition).create, {
            payload: sampleBody(world, definition, n.replace(/\W/g, '')),
          });
          expect(created.statusCode, created.body).toBe(200);
        }
      }
      const calls = resourceCalls(definition);
      const page = await asAdmin(calls.table, { payload: { take: 100 } });
      expect(page.statusCode, page.body).toBe(200);
      const rows: Record<string, unknown>[] = page.json().result.data;
      const exported = await asAdmin(calls.export);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-type']).toMatch(/^text\/csv/);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="${definition.name}.csv"`);
      const columns = exportColumnsOf(definition);
      // A reference reads as its row's label and a choice as its label, as the list shows them
      // (an Admin reaches every one).
      const cell = async (column: string, value: unknown) => {
        const f = definition.fields[column];
        if (value == null) return '';
        if (f.kind === 'choice')
          return f.choices.find((choice) => choice.value === value)?.label ?? String(value);
        if (f.kind !== 'reference') return String(value);
        const referenced = tableOf(definitionOf(f.to)!);
        const labelColumn = (referenced as unknown as Record<string, never>)[f.show];
        const idColumn = (referenced as unknown as Record<string, never>).id;
        const [found] = await world.db
          .select({ label: labelColumn })
          .from(referenced)
          .where(eq(idColumn, value as number));
        return String((found as { label: unknown }).label);
      };
      const expected = await Promise.all(
        rows.map((row) => Promise.all(columns.map((column) => cell(column, row[column])))),
      );
      expect(parseCsv(exported.body)).toEqual([
        columns.map((column) => definition.fields[column].label),
        ...expected,
      ]);
    },
  );
  const director = roles.athleticDirector;
  /** References an Athletic Director sets: not read-only, theirs to write, not the school itself (a 403, below). */
  const directorReferences = referenceFields(definition).filter(
    ([name, f]) =>
      !f.readOnly &&
      name !== definition.organizationField &&
      writableFields(definition, [director]).includes(name),
  );

  describe.runIf(allows(definition, 'create', [director]) && directorReferences.length > 0)(
    "references out of an Athletic Director's reach",
    () => {
      const asDirector = (call: ResourceCall, options: Partial<InjectOptions> = {}) =>
        send(director, call, options);
      const directorId = async () => {
        const [row] = await world.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, 'director@example.com'));
        return row.id;
      };

      /** A row of the target the director's school may name, as the picker offers it. */
      const inReach = async (to: string) => {
        if (to === 'users') return directorId();
        if (to === 'organizations') return world.organizationId;
        throw new Error(`Teach this suite a row of '${to}' within an Athletic Director's reach`);
      };

      /**
       * Rows of the target the picker never offers the director: another school's, an Admin
       * account; and an id no row has, which must get the same answer.
       */
      const outOfReach = async (to: string) => {
        const missing = { what: 'an id no row has', id: maxIntegerId - 1 };
        if (to === 'organizations')
          return [{ what: 'another school', id: world.otherOrganizationId }, missing];
        if (to === 'users') {
          const other = await createUser(world.db, {
            email: `other-school-${Date.now()}@example.com`,
            roles: [director],
            organizationId: world.otherOrganizationId,
          });
          onTestFinished(() =>
            world.db
              .delete(users)
              .where(eq(users.id, other.id))
              .then(() => undefined),
          );
          return [
            { what: 'an Admin', id: world.adminId },
            { what: "another school's user", id: other.id },
            missing,
          ];
        }
        throw new Error(`Teach this suite a row of '${to}' out of an Athletic Director's reach`);
      };

      /**
       * A body the director may send: the samples of the fields theirs to write, with their own
       * school and references within reach.
       */
      const directorBody = async (key: string) => {
        const writable = writableFields(definition, [director]);
        const body = Object.fromEntries(
          Object.entries(sampleBody(world, definition, key)).filter(([name]) => writable.includes(name)),
        );
        if (definition.organizationField) body[definition.organizationField] = world.organizationId;
        for (const [name, f] of referenceFields(definition)) {
          if (name in body && body[name] !== null) body[name] = await inReach(f.to);
        }
        return body;
      };
      const rowCount = async () => (await world.db.select({ n: count() }).from(tableOf(definition)))[0].n;

      it('refuses a create naming another school’s row or an Admin with a 400 naming the field, the same as for an id that does not exist, and stores nothing', async () => {
        const before = await rowCount();
        for (const [name, f] of directorReferences) {
          const target = definitionOf(f.to)!;
          for (const { what, id } of await outOfReach(f.to)) {
            const response = await asDirector(resourceCalls(definition).create, {
              payload: { ...(await directorBody(`Reach ${name}`)), [name]: id },
            });
            expect(response.statusCode, `${name}, ${what}: ${response.body}`).toBe(400);
            expect(response.json(), `${name}, ${what}`).toEqual({
              result: null,
              validationFailures: [{ propertyName: name, errorMessage: missingReferenceMessage(target) }],
            });
          }
        }
        expect(await rowCount()).toBe(before);
      });

      it.runIf(allows(definition, 'update', [director]))(
        'refuses an update naming another school’s row or an Admin with a 400 naming the field, and leaves the row as it was',
        async () => {
          const body = await directorBody('Reach update');
          const created = await asDirector(resourceCalls(definition).create, { payload: body });
          expect(created.statusCode, created.body).toBe(200);
          const row = created.json().result;
          const call = resourceCalls(definition).update;
          for (const [name, f] of directorReferences) {
            const target = definitionOf(f.to)!;
            for (const { what, id } of await outOfReach(f.to)) {
              const sent = { ...body, [name]: id, version: row.version };
              const response = await asDirector(call, {
                url: url(call, row.id),
                payload: call.idIn === 'body' ? { ...sent, id: row.id } : sent,
              });
              expect(response.statusCode, `${name}, ${what}: ${response.body}`).toBe(400);
              expect(response.json().validationFailures, `${name}, ${what}`).toEqual([
                { propertyName: name, errorMessage: missingReferenceMessage(target) },
              ]);
            }
          }
          const [stored] = await world.db
            .select()
            .from(tableOf(definition))
            .where(eq((tableOf(definition) as unknown as Record<string, never>).id, row.id));
          expect(stored).toMatchObject({ version: row.version });
          for (const [name] of directorReferences)
            expect((stored as Record<string, unknown>)[name]).toBe(row[name]);
        },
      );
    },
  );
});
