import { hash, verify } from '@node-rs/argon2';
import { defaultPasswordHashing, type PasswordHashingLimits } from '../config';
import { ServerBusy } from '../errors';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. `algorithm: 2` is Argon2id (a const enum). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const passwordBusyRetryAfterSeconds = 2;

export const serverBusyMessage = 'The server is busy. Try again in a moment.';

/** A hash or check refused because the process already has its fill of them: a 503 with `Retry-After`. */
export class PasswordHashingBusy extends ServerBusy {
  constructor() {
    super(serverBusyMessage, passwordBusyRetryAfterSeconds);
  }
}

/**
 * Every argon2 hash and check of the process takes a turn here. Each one holds 19 MiB and a core
 * for tens of milliseconds, so a sign-in flood left unbounded fills every core and the memory,
 * and signed-in users' requests and `/readyz` wait behind it; bounded, the flood gets 503s at
 * once and everyone else keeps the rest of the machine. The queue is short, so a waiting turn
 * is never long, and a client refused knows to come back instead of holding a socket.
 */
class PasswordHashing {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private refused = 0;

  constructor(private readonly limits: PasswordHashingLimits) {}

  get load() {
    return { running: this.running, queued: this.waiting.length, refused: this.refused };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running++;
    } else if (this.waiting.length < this.limits.queue) {
      // The finishing one hands its turn over directly, so `running` never goes past the limit.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.refused++;
      throw new PasswordHashingBusy();
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

let hashing = new PasswordHashing(defaultPasswordHashing);

/**
 * Sets the process's bound (`PASSWORD_HASH_CONCURRENCY`, `PASSWORD_HASH_QUEUE`). Hashes already
 * running or waiting finish under the bound they started with.
 */
export function limitPasswordHashing(limits: PasswordHashingLimits) {
  hashing = new PasswordHashing(limits);
}

/** Running, waiting and refused hashes and checks, for `/metrics`. */
export const passwordHashingLoad = () => hashing.load;

export const hashPassword = (password: string) => hashing.run(() => hash(password, options));

/** The columns a new password sets, whoever sets it: the failed sign-ins before it no longer count. */
export const newPasswordColumns = async (password: string) => ({
  passwordHash: await hashPassword(password),
  failedLoginCount: 0,
  lockoutEnd: null,
});

export function verifyPassword(passwordHash: string, password: string) {
  return hashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Costs the same as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function burnPasswordCheck(password: string) {
  // A refused first hash must not stay the answer for good.
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}
