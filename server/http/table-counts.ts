import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { resourceDefinitions } from '../../contract/definitions';
import { NoticeListener } from '../db/notices';

/** The channel the `notify_table_change` statement triggers (migration 0007) send table names on. */
const tableChangeChannel = 'table_changed';

/**
 * Every registered resource's table has the statement trigger (migration 0007, and
 * `ensureChangeNotices` at start for new ones); a count over any other table is never kept.
 */
export const tablesWithChangeNotices = resourceDefinitions.map((definition) => definition.table);

export interface TableCountOptions {
  /** A safety net only: every change to a watched table drops its counts at once. */
  ttlMs: number;
  maxEntries: number;
}

export const defaultTableCounts: TableCountOptions = { ttlMs: 5 * 60_000, maxEntries: 2_000 };

interface Entry {
  table: string;
  count: number;
  countedAt: number;
}

/**
 * Counting every match of a broad search ("jo" over 100,000 accounts) visits most of the table,
 * and paging through those results would ask the same count again on every page turn. So the
 * count of each table query's condition is kept in process memory until any statement changes
 * that table, in any server process (statement triggers notify `table_changed`). Pages are
 * always read from the database; a table query with `refresh` counts again.
 */
export class TableCounts {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change to a table, so a count that raced with a change is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly notices: NoticeListener;
  private readonly watched: Set<string>;

  constructor(
    db: Db,
    private readonly options: TableCountOptions = defaultTableCounts,
    log?: FastifyBaseLogger,
    watched: readonly string[] = tablesWithChangeNotices,
  ) {
    this.watched = new Set(watched);
    this.notices = new NoticeListener(
      db,
      tableChangeChannel,
      { notice: (table) => this.forgetTable(table ?? ''), lost: () => this.forgetAll() },
      log,
    );
  }

  ready() {
    return this.notices.ready();
  }

  async close() {
    await this.notices.close();
    this.forgetAll();
  }

  /** The count for `key` over `table`: from memory when it is still exact, else from `countNow`. */
  async count(
    table: string,
    key: string,
    countNow: () => Promise<number>,
    options: { fresh?: boolean } = {},
  ) {
    const cacheable = this.watched.has(table) && this.notices.listening && this.options.maxEntries > 0;
    if (cacheable && !options.fresh) {
      const entry = this.entries.get(key);
      if (entry && Date.now() - entry.countedAt <= this.options.ttlMs) return entry.count;
    }
    const generation = this.generationOf(table);
    const counted = await countNow();
    if (cacheable && this.notices.listening && generation === this.generationOf(table)) {
      this.remember(key, { table, count: counted, countedAt: Date.now() });
    }
    return counted;
  }

  private generationOf(table: string) {
    return this.generations.get(table) ?? 0;
  }

  private remember(key: string, entry: Entry) {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private forgetTable(table: string) {
    this.generations.set(table, this.generationOf(table) + 1);
    for (const [key, entry] of this.entries) if (entry.table === table) this.entries.delete(key);
  }

  /** Every write request ends with this in its own process, so its next read never races the notice. */
  forgetAll() {
    for (const table of this.watched) this.generations.set(table, this.generationOf(table) + 1);
    this.entries.clear();
  }
}

const countsByDatabase = new WeakMap<Db, TableCounts>();

/**
 * Table services receive only the database handle, so the app registers its counts against
 * that handle; a handle without one (a script, a test of a service) always counts.
 */
export function keepTableCountsFor(db: Db, counts: TableCounts) {
  countsByDatabase.set(db, counts);
}

export const tableCountsFor = (db: Db) => countsByDatabase.get(db);
