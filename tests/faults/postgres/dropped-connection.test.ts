import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import { isDatabaseUnavailable } from '../../../server/http/error-handler';
import { workerDatabaseUrl } from '../../server/helpers';

let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `dropped_${Date.now()}`);
  database = await openDatabase({ ...testConfig(), databaseUrl });
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await database?.close();
});

describe('a connection checked out of the pool and dropped by the database', () => {
  it('fails its next statement as the database being away, without ending the process', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // As a transaction holds its connection between two statements.
    const client = await pool.connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await ended;

    const failure = await client.query('select 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    client.release();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
