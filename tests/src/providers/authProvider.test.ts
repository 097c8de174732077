import { describe, expect, it } from 'vitest';
import type { Me } from '../../../contract/account';
import type { HttpClient } from '../../../src/providers/httpClient';
import { createAuthProvider } from '../../../src/providers/authProvider';
import type { Session } from '../../../src/providers/session';
import { adminUser, directorUser } from '../layout/renderAdmin';

const unusedHttp = (() => {
  throw new Error('canAccess asks no server');
}) as unknown as HttpClient;
const providerFor = (user: Me | null) =>
  createAuthProvider(unusedHttp, {
    ensure: () => (user ? Promise.resolve(user) : Promise.reject(new Error('signed out'))),
  } as unknown as Session);

describe('authProvider.canAccess (the role table, loaded on the first question)', () => {
  it('lets each role open what the role table gives it, and a signed-out visitor nothing', async () => {
    const admin = providerFor(adminUser);
    const director = providerFor(directorUser);
    expect(await admin.canAccess!({ resource: 'users', action: 'list' })).toBe(true);
    expect(await director.canAccess!({ resource: 'users', action: 'list' })).toBe(false);
    expect(await director.canAccess!({ resource: 'dashboard', action: 'list' })).toBe(true);
    expect(await providerFor(null).canAccess!({ resource: 'dashboard', action: 'list' })).toBe(false);
  });
});
