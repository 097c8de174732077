import type { LightMyRequestResponse } from 'fastify';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditLog,
  designLogos,
  emailOutbox,
  jobs,
  merchandise,
  orders,
  organizations,
  recoveryCodes,
  settings,
  storefrontUploads,
  userTokens,
  users,
} from '../../server/db/schema';
import { forbidden, unauthorized } from '../../server/errors';
import { type Ctx, storedFiles } from '../server/modules/design-logos/fixtures';

/**
 * Everything an attack could change: the rows of every table holding people's or
 * organizations' data (the audit log too, so a refused action is not even recorded as done)
 * and the files in the blob store. Sessions and rate-limit counters are left out: signing in
 * and being refused change them by design.
 */
export async function snapshot(ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'dataDir'>>) {
  const tables = {
    users,
    organizations,
    designLogos,
    merchandise,
    orders,
    jobs,
    auditLog,
    emailOutbox,
    userTokens,
    recoveryCodes,
    settings,
    storefrontUploads,
  };
  const rows: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    rows[name] = await ctx.db.select().from(table).orderBy(asc(table.id));
  }
  const files = ctx.dataDir ? (await storedFiles(ctx as Ctx)).sort() : [];
  return { rows, files };
}

/** The spec's answers to a refused request, as the one error handler shapes them. */
export const forbiddenBody = { result: null, message: forbidden().message };
export const unauthorizedBody = { result: null, message: unauthorized().message };

export function expectForbidden(response: LightMyRequestResponse, what = '') {
  expect(response.statusCode, `${what} ${response.body}`).toBe(403);
  expect(response.json(), what).toEqual(forbiddenBody);
}
