import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../../server/db/client';
import { announce, systemActor } from '../../../server/db/announce';
import { changesSince, pruneChangeLog } from '../../../server/engine/change-log';
import { resetDatabase, testDatabase } from '../helpers';

let db: Db;
beforeEach(async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  db = database.db;
});

const change = (id: number) => ({
  resource: 'settings',
  id,
  action: 'created' as const,
  version: 1,
  by: systemActor('test'),
  organizationId: null,
});

const loggedIds = async () =>
  (
    (await db.execute(
      sql`select (notice->>'id')::int as id from change_log order by position`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => row.id);

describe('the change log', () => {
  it('keeps a change with its transaction, and forgets a rolled-back one', async () => {
    await announce(db, change(1));
    await db
      .transaction(async (tx) => {
        await announce(tx as unknown as Db, change(2));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await announce(db, change(3));
    expect(await loggedIds()).toEqual([1, 3]);
  });

  it('answers nothing (a reset) for a position past the last one written', async () => {
    await announce(db, change(1));
    const [{ position }] = (await changesSince(db, 0))!;
    expect(await changesSince(db, position)).toEqual([]);
    expect(await changesSince(db, position + 1)).toBeUndefined();
  });

  it('prunes to the window by count and by age, always keeping the newest', async () => {
    for (const id of [1, 2, 3]) await announce(db, change(id));
    expect(await pruneChangeLog(db, { keep: 2 })).toBe(1);
    expect(await loggedIds()).toEqual([2, 3]);
    expect(await changesSince(db, 0)).toBeUndefined();
    await db.execute(sql`update change_log set created_at = now() - interval '2 days'`);
    expect(await pruneChangeLog(db)).toBe(1);
    expect(await changesSince(db, 0)).toBeUndefined();
    const [{ head }] = (
      (await db.execute(sql`select max(position)::float8 as head from change_log`)) as unknown as {
        rows: { head: number }[];
      }
    ).rows;
    expect((await changesSince(db, head - 1))!.map((logged) => logged.notice.id)).toEqual([3]);
  });

  // One PGlite connection runs one transaction at a time: there, commit order is position order.
  it.runIf(Boolean(inject('postgresUrl')))(
    'gives positions in commit order: a change logged while another is uncommitted waits for it',
    async () => {
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      const first = db.transaction(async (tx) => {
        await announce(tx as unknown as Db, change(1));
        await committed;
      });
      // The change log's lock (space 7292, see announce) in this worker's database.
      const advisoryLocks = async (granted: boolean) =>
        (
          (await db.execute(
            sql`select count(*)::int as n from pg_locks
                where locktype = 'advisory' and classid = 7292 and objsubid = 2 and granted = ${granted}
                  and database = (select oid from pg_database where datname = current_database())`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n;
      await expect.poll(() => advisoryLocks(true)).toBe(1);
      const second = announce(db, change(2));
      await expect.poll(() => advisoryLocks(false)).toBe(1);
      commit();
      await Promise.all([first, second]);
      // Had the second taken its position first, a stream resumed from it would skip the first.
      expect(await loggedIds()).toEqual([1, 2]);
    },
  );
});
