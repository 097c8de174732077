/**
 * Preloaded into an e2e server (`--import`) so that a test moves the server's clock instead of
 * waiting for it: the server's `Date` runs `E2E_CLOCK_FILE`'s milliseconds ahead, read again on
 * SIGUSR2. Timers keep real time; only what the server reads as now moves.
 */
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
let offset = 0;
const read = () => {
  if (file) offset = Number(readFileSync(file, 'utf8')) || 0;
};
read();
process.on('SIGUSR2', read);

const RealDate = Date;
class MovedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [string]));
  }
  static now() {
    return RealDate.now() + offset;
  }
  // Dates Node makes itself (a file's times) are still dates.
  static [Symbol.hasInstance](value: unknown) {
    return value instanceof RealDate;
  }
}
globalThis.Date = MovedDate as unknown as DateConstructor;
