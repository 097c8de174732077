/**
 * How production runs the compiled server, in the one place the bench can import it from:
 * `npm start`, `npm run serve` and the systemd unit in docs/operations.md spell the same
 * settings in their own syntax (tests/package/server-command.test.ts checks that they agree).
 * Neither can be set from inside the process: glibc reads its tunable once at start, and V8
 * sizes its heap before any of our code runs (`v8.setFlagsFromString` then changes nothing).
 */

/**
 * A fixed threshold gives Argon2's and sharp's large blocks back to the system when freed,
 * instead of keeping them in per-thread heaps (docs/operations.md, "Memory").
 */
export const serverEnvironment = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * Node 24's V8 lets the young generation grow to 64 MiB a semi-space on a machine with
 * gigabytes of memory (Node 20's stopped at 16), and an idle server never gives it back: about
 * 70 MiB more idle RSS for the same objects. 16 costs no CPU per request measurably; 8 let the
 * CSV export's RSS growth past its target (bench/README.md, "PGlite idle RSS").
 */
export const serverNodeFlags = ['--max-semi-space-size=16'] as const;
