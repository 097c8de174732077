import type { Writable } from 'node:stream';

/** What may wait in memory for a slow log reader before lines are dropped. */
const maxBufferedBytes = 4 * 1024 * 1024;

/**
 * Where the server's log lines go. pino's default destination writes synchronously and, when
 * the reader of stdout stalls, waits in `Atomics.wait` on the main thread: every request and
 * even SIGTERM then wait for the log reader. Here a line is handed to the asynchronous stdout
 * stream; past a few MB that the reader has not taken, lines are dropped and counted, and a
 * broken pipe (EPIPE) stops logging instead of being retried forever.
 */
function nonBlockingWriter(out: Writable) {
  let broken = false;
  let dropped = 0;
  out.on('error', () => {
    broken = true;
  });
  return {
    write(line: string) {
      if (broken) return;
      if (out.writableLength > maxBufferedBytes) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        const notice = {
          level: 40,
          time: Date.now(),
          pid: process.pid,
          msg: `${dropped} log lines dropped: the log reader was not keeping up`,
        };
        dropped = 0;
        out.write(`${JSON.stringify(notice)}\n`);
      }
      out.write(line);
    },
  };
}

let stdoutLog: ReturnType<typeof nonBlockingWriter> | undefined;

/** One per process: every Fastify instance built (tests build many) shares it. */
export function nonBlockingLog() {
  stdoutLog ??= nonBlockingWriter(process.stdout);
  return stdoutLog;
}
