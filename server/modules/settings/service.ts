import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Setting, settingCreateSchema, settingUpdateSchema } from '../../../src/contract/settings';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';

const columns = { id: settings.id, key: settings.key, value: settings.value, isEnabled: settings.isEnabled };

const tableSpec: TableSpec = {
  table: settings,
  searchColumn: settings.searchText,
  sortable: { id: settings.id, key: settings.key, value: settings.value, isEnabled: settings.isEnabled },
  defaultSort: { column: settings.key, order: 'ASC' },
};

export const settingsTable = (db: Db, query: ParsedTableQuery) =>
  tablePage<Setting>(db, tableSpec, query, columns);

/** A path segment of digits is an id; anything else is a key (keys always contain a letter). */
export async function getSetting(db: Db, idOrKey: string): Promise<Setting> {
  const where = /^\d+$/.test(idOrKey) ? eq(settings.id, Number(idOrKey)) : eq(settings.key, idOrKey);
  const [row] = await db.select(columns).from(settings).where(where);
  if (!row) throw notFound('Setting');
  return row;
}

export async function createSetting(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof settingCreateSchema>,
): Promise<Setting> {
  const [taken] = await db.select({ id: settings.id }).from(settings).where(eq(settings.key, input.key));
  if (taken) throw badRequest('key', `A setting with the key ${input.key} already exists`);
  const [row] = await db.insert(settings).values(input).returning(columns);
  await audit(db, actor.id, 'create', 'setting', row.id, { key: row.key });
  return row;
}

export async function updateSetting(
  db: Db,
  actor: SessionUser,
  id: number,
  input: z.output<typeof settingUpdateSchema>,
): Promise<Setting> {
  const [row] = await db.update(settings).set(input).where(eq(settings.id, id)).returning(columns);
  if (!row) throw notFound('Setting');
  await audit(db, actor.id, 'update', 'setting', id, { key: row.key, isEnabled: row.isEnabled });
  return row;
}

export async function deleteSetting(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.delete(settings).where(eq(settings.id, id)).returning(columns);
  if (!row) throw notFound('Setting');
  await audit(db, actor.id, 'delete', 'setting', id, { key: row.key });
}
