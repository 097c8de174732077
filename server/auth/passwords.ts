import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. `algorithm: 2` is Argon2id (a const enum). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

/** The columns a new password sets, whoever sets it: the failed sign-ins before it no longer count. */
export const newPasswordColumns = async (password: string) => ({
  passwordHash: await hashPassword(password),
  failedLoginCount: 0,
  lockoutEnd: null,
});

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Costs the same as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
  return false;
}
