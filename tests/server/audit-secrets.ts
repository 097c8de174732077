import { expect } from 'vitest';
import { isSecretName } from '../../server/audit';
import type { Db } from '../../server/db/client';
import { auditLog, recoveryCodes, users, userTokens } from '../../server/db/schema';
import { strongPassword } from './helpers';

/** Every key of a JSON value, however deep, and the field names of its field changes. */
function namesIn(value: unknown, names: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) namesIn(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      names.push(key);
      if (key === 'field' && typeof inner === 'string') names.push(inner);
      namesIn(inner, names);
    }
  }
  return names;
}

/**
 * Holds every audit row in the database to the rule that no secret is ever written there: no
 * key names a secret, and no value is a password, hash, stamp, authenticator key or token hash
 * the database holds (nor the tests' own password). Run after every server test
 * (`tests/server/setup.ts`), so every audit row the suite writes is read.
 */
export async function expectNoSecretsInAudit(db: Db) {
  const rows = await db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog);
  if (rows.length === 0) return;
  const secrets = new Set<string>([strongPassword]);
  for (const user of await db
    .select({ a: users.passwordHash, b: users.securityStamp, c: users.authenticatorKey })
    .from(users)) {
    for (const value of [user.a, user.b, user.c]) if (value) secrets.add(value);
  }
  for (const { hash } of await db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes))
    secrets.add(hash);
  for (const { hash } of await db.select({ hash: userTokens.tokenHash }).from(userTokens)) secrets.add(hash);
  for (const row of rows) {
    const names = namesIn(row.details).filter(isSecretName);
    expect(names, `audit row '${row.action}' names a secret`).toEqual([]);
    const text = JSON.stringify(row.details ?? null);
    const leaked = [...secrets].filter((secret) => text.includes(secret));
    expect(leaked.length, `audit row '${row.action}' holds a secret value`).toBe(0);
  }
}
