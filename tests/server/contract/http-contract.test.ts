import { it as fcIt } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, validationErrorBodySchema } from '../../../contract/common';
import { resourceCalls } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { everyKind, specimensTable } from '../engine/every-kind';
import { sampleBody, subjects, type World } from '../engine/registry-samples';
import { createFixtureTable, createTeamsTable, dropTeamsTable, exampleResources } from '../engine/teams';
import { createOrganization, createUser, resetDatabase, testDatabase } from '../helpers';
import { int32Overflow, type JsonSchema, nearValidValue, type Options, validValue } from './arbitraries';

/**
 * Issue 43: requests generated from the OpenAPI document for every documented route, as every
 * role. No answer is a 5xx, every 4xx has the error handler's shape, and a director never reads
 * or changes the other school's rows. FUZZ_RUNS sets the cases per role (`npm run test:fuzz`
 * runs many); a failure prints its seed and path, which FUZZ_SEED and FUZZ_PATH replay.
 */
const numRuns = Number(process.env.FUZZ_RUNS ?? 1000);
const served = [...subjects.map(({ definition }) => definition), everyKind];
const replay = {
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
};
const timeout = 60_000 + numRuns * 1_000;

/**
 * Never sent: the change stream answers forever. Not sent by a signed-in actor, whose session or
 * credentials they would end or change for every later case: signing out, password and e-mail
 * changes, and turning off or resetting the second factor. Signed out, they are sent like any other.
 */
const neverSent = new Set(['GET /api/changes']);
const endsTheActor = new Set([
  'POST /api/account/logout',
  'POST /api/account/changepassword',
  'POST /api/account/changeemail',
  'PUT /api/account/disable-2fa',
  'PUT /api/account/reset-authenticator',
]);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  key: string;
  path: string;
  operation: Operation;
}

/** One generated request, printed as the counterexample when the property fails. */
interface Case {
  route: string;
  url: string;
  body?: { json: unknown } | { multipart: Record<string, unknown> } | { raw: string };
}

type Actor = 'signed out' | 'no role' | typeof roles.athleticDirector | typeof roles.admin;

let app: FastifyInstance;
let db: Db;
let routes: Route[];
let ids: number[];
const cookies: Partial<Record<Actor, string>> = {};
const actorIds: Partial<Record<Actor, number>> = {};
let schoolA: number;
let schoolB: number;
const schoolBName = 'Riverside Academy';

const badIds = [0, -1, int32Overflow, 'abc'];

function pathValue(parameter: Parameter, options: Options) {
  if (parameter.schema.type === 'integer')
    return fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 3 }, fc.constantFrom(...badIds));
  return fc.oneof(validValue(parameter.schema, options), nearValidValue(parameter.schema, options));
}

const queryText = (value: unknown) =>
  value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function multipartOf(fields: Record<string, unknown>) {
  const boundary = '----fuzzboundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    value instanceof Uint8Array
      ? Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="upload.bin"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          Buffer.from(value),
          Buffer.from('\r\n'),
        ])
      : Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${queryText(value)}\r\n`,
        ),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A counterexample fit to read: 5,000 characters print as their start and their length. */
const shortened = (value: unknown) =>
  JSON.stringify(value, (_, inner: unknown) =>
    typeof inner === 'string' && inner.length > 200
      ? `${inner.slice(0, 60)}… (${inner.length} characters)`
      : inner,
  );

/** Right or nearly right: most requests get past validation, and the rest probe its edges. */
const rightOrNearly = (schema: JsonSchema, options: Options) =>
  fc.oneof({ arbitrary: validValue(schema, options), weight: 2 }, nearValidValue(schema, options));

/**
 * An export takes its table's filter as JSON text in the query, where the document can say only
 * "a string": the filter is generated as the table's, and sent as its JSON.
 */
function querySchemaOf(route: Route, parameter: Parameter) {
  if (parameter.name !== 'filter' || !route.path.endsWith('/export')) return parameter.schema;
  const table = routes.find((other) => other.key === `POST ${route.path.replace(/\/export$/, '/table')}`);
  return (
    table?.operation.requestBody?.content['application/json']?.schema.properties?.filter ?? parameter.schema
  );
}

function caseOf(route: Route): fc.Arbitrary<Case> {
  const options = { ids };
  const parameters = route.operation.parameters ?? [];
  const pathValues = fc.record(
    Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p, options)])),
  );
  const query = parameters.filter((p) => p.in === 'query');
  const queryValues = fc.record(
    Object.fromEntries(query.map((p) => [p.name, rightOrNearly(querySchemaOf(route, p), options)])),
    { requiredKeys: query.filter((p) => p.required).map((p) => p.name) },
  );
  const content = route.operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const form = content['multipart/form-data']?.schema;
  const body: fc.Arbitrary<Case['body']> = json
    ? fc.oneof(
        { arbitrary: rightOrNearly(json, options).map((value) => ({ json: value })), weight: 9 },
        fc.constantFrom('{', '', '"text"').map((raw) => ({ raw })),
      )
    : form
      ? (rightOrNearly(form, options) as fc.Arbitrary<Record<string, unknown> | null>).map((fields) => ({
          multipart: fields !== null && typeof fields === 'object' && !Array.isArray(fields) ? fields : {},
        }))
      : fc.constant(undefined);
  return fc.record({ pathValues, queryValues, body }).map(({ pathValues, queryValues, body }) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(queryText(pathValues[name])),
    );
    const search = new URLSearchParams(
      Object.entries(queryValues)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, queryText(value)]),
    ).toString();
    const request = { route: route.key, url: search ? `${path}?${search}` : path, ...(body ? { body } : {}) };
    return Object.assign(request, { [fc.toStringMethod]: () => shortened(request) });
  });
}

const casesOfActor = new Map<Actor, fc.Arbitrary<Case>>();

/**
 * Requests for the actor's routes. Built when the property first runs: the document and the ids
 * exist only once the app and its rows are made in `beforeAll`.
 */
const casesFor = (actor: Actor) =>
  fc.constant(actor).chain((name) => {
    const cases =
      casesOfActor.get(name) ??
      fc.oneof(
        ...routes
          .filter((route) => name === 'signed out' || !endsTheActor.has(route.key))
          .map((route) => caseOf(route)),
      );
    casesOfActor.set(name, cases);
    return cases;
  });

function injectOptions(actor: Actor, request: Case): InjectOptions {
  const [method] = request.route.split(' ');
  const cookie = cookies[actor];
  const base = {
    method: method as InjectOptions['method'],
    url: request.url,
    headers: cookie ? { cookie } : {},
  };
  const body = request.body;
  if (!body) return base;
  if ('multipart' in body) {
    const { payload, headers } = multipartOf(body.multipart);
    return { ...base, payload, headers: { ...base.headers, ...headers } };
  }
  const payload = 'json' in body ? JSON.stringify(body.json) : body.raw;
  return { ...base, payload, headers: { ...base.headers, 'content-type': 'application/json' } };
}

const conflictBodySchema = z.object({
  result: z.object({ current: z.record(z.string(), z.unknown()) }),
  validationFailures: validationErrorBodySchema.shape.validationFailures.min(1),
});

/** What server/http/error-handler.ts promises for each client error. */
const errorShapeOf = (status: number) =>
  status === 400
    ? validationErrorBodySchema.extend({
        validationFailures: validationErrorBodySchema.shape.validationFailures.min(1),
      })
    : status === 409
      ? z.union([conflictBodySchema, errorBodySchema])
      : errorBodySchema;

const isJson = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '').startsWith('application/json');

async function send(actor: Actor, request: Case) {
  let response = await app.inject(injectOptions(actor, request));
  if (response.statusCode === 401 && actorIds[actor] !== undefined) {
    // A route not foreseen ended the session: the actor signs in again so later cases still test it.
    cookies[actor] = await sessionCookie(actorIds[actor]);
    response = await app.inject(injectOptions(actor, request));
  }
  return response;
}

function checkAnswer(response: LightMyRequestResponse) {
  const status = response.statusCode;
  expect(status, shortened(response.body)).toBeLessThan(500);
  if (status >= 400 && isJson(response)) {
    const parsed = errorShapeOf(status).safeParse(response.json());
    expect(parsed.success, `${status} ${shortened(response.body)}`).toBe(true);
  }
}

async function sessionCookie(userId: number) {
  const { token } = await app.sessions.create(userId, 'full', false);
  return `sp_session=${token}`;
}

/** School B's rows in every table that belongs to a school, and its own row. */
async function schoolBRows() {
  const tables = (await db.execute(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = (await db.execute(
      sql`select * from ${sql.identifier(table)} where organization_id = ${schoolB} order by 1`,
    )) as unknown as { rows: unknown[] };
    snapshot[table] = rows.rows;
  }
  snapshot.organizations = (
    (await db.execute(sql`select * from organizations where id = ${schoolB}`)) as unknown as {
      rows: unknown[];
    }
  ).rows;
  return JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown[]>;
}

beforeAll(async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  db = database.db;
  // The README's Teams and the specimen of every field kind are served beside the registry: a
  // definition is in the property the moment it is served, with no test edited.
  await createTeamsTable(db);
  await createFixtureTable(db, specimensTable);
  app = await buildApp(testConfig(), { database, resources: [...exampleResources, everyKind] });
  await app.ready();
  schoolA = (await createOrganization(db, 'Lincoln High School')).id;
  schoolB = (await createOrganization(db, schoolBName)).id;
  // Far from the ids generated requests name, so no request locks, demotes or deletes an actor.
  const admin = await createUser(db, { id: 9001, email: 'admin@example.com', roles: [roles.admin] });
  const director = await createUser(db, {
    id: 9002,
    email: 'director@example.com',
    roles: [roles.athleticDirector],
    organizationId: schoolA,
  });
  // contract/roles.ts has two roles; a coach's account, say, would hold neither.
  const noRole = await createUser(db, {
    id: 9003,
    email: 'staff@example.com',
    roles: [],
    organizationId: schoolA,
  });
  // Each school's staff, whom its rows name as a user (a coach `within: 'organization'`).
  const staffOf = {
    [schoolA]: director.id,
    [schoolB]: (
      await createUser(db, {
        id: 9004,
        email: 'riverside.director@example.com',
        roles: [roles.athleticDirector],
        organizationId: schoolB,
      })
    ).id,
  };
  actorIds[roles.admin] = admin.id;
  actorIds[roles.athleticDirector] = director.id;
  actorIds['no role'] = noRole.id;
  for (const actor of [roles.admin, roles.athleticDirector, 'no role'] as const) {
    cookies[actor] = await sessionCookie(actorIds[actor]!);
  }
  // A few rows of each school, from the one sample generator, so path ids name real rows of both.
  for (const [school, n] of [
    [schoolA, 'Lincoln'],
    [schoolB, 'Riverside'],
  ] as const) {
    const world = {
      app,
      db,
      organizationId: school,
      otherOrganizationId: 0,
      adminId: admin.id,
      staffId: staffOf[school],
      cookies: {},
    } as World;
    for (const definition of served) {
      const create = resourceCalls(definition).create;
      if (!create || !definition.access.create?.length) continue;
      for (const copy of ['1', '2']) {
        const response = await app.inject({
          method: create.method,
          url: `/api/${create.path}`,
          payload: sampleBody(world, definition, `${n}${copy}`),
          headers: { cookie: cookies[roles.admin]! },
        });
        expect(response.statusCode, `${definition.name} ${response.body}`).toBe(200);
      }
    }
  }
  const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(document.paths)
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        operation,
      })),
    )
    .filter((route) => route.path.startsWith('/api/') && !neverSent.has(route.key));
  ids = [...new Set([schoolA, schoolB, ...(await rowIds())])];
});

/** Ids of the rows made above, whichever table: a path id is a number, whatever it names. */
async function rowIds() {
  const result = (await db.execute(
    sql`select distinct id from (select id from organizations union all select id from users where id < 9000
        union all select id from orders) as rows order by id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

afterAll(async () => {
  await app?.close();
  await dropTeamsTable(db);
  await db.execute(sql`drop table if exists specimens cascade`);
});

describe.each<Actor>(['signed out', 'no role'])('%s', (actor) => {
  fcIt.prop([casesFor(actor)], { numRuns, ...replay })(
    'never answers 5xx and answers every 4xx in the spec’s shape',
    async (request) => checkAnswer(await send(actor, request)),
    timeout,
  );
});

describe('as the Athletic Director of school A', () => {
  const actor = roles.athleticDirector;
  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    before = await schoolBRows();
  });

  fcIt.prop([casesFor(actor)], { numRuns, ...replay })(
    'never answers 5xx, answers every 4xx in the spec’s shape, and never shows school B',
    async (request) => {
      const response = await send(actor, request);
      checkAnswer(response);
      if (response.statusCode === 200) {
        expect(response.body).not.toContain('Riverside');
        expect(response.body).not.toMatch(new RegExp(`"organizationId":${schoolB}\\b`));
      }
    },
    timeout,
  );

  it('left every row of school B as it was', async () => {
    expect(await schoolBRows()).toEqual(before);
  });
});

describe('as an Admin', () => {
  fcIt.prop([casesFor(roles.admin)], { numRuns, ...replay })(
    'never answers 5xx and answers every 4xx in the spec’s shape',
    async (request) => checkAnswer(await send(roles.admin, request)),
    timeout,
  );
});
