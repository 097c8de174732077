import { constants, fstatSync, openSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { inspect } from 'node:util';

/** What may wait in memory for a slow log reader before lines are dropped. */
const maxBufferedBytes = 4 * 1024 * 1024;

const levels: Record<number, { name: string; colour: number }> = {
  10: { name: 'TRACE', colour: 90 },
  20: { name: 'DEBUG', colour: 36 },
  30: { name: 'INFO', colour: 32 },
  40: { name: 'WARN', colour: 33 },
  50: { name: 'ERROR', colour: 31 },
  60: { name: 'FATAL', colour: 35 },
};
/** Fields every line has, or that the line's head already shows. */
const shownInHead = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/**
 * A JSON log line as a person reads it in a terminal: `12:04:31.250 INFO  msg key=value`, an
 * error's stack on the lines below. It formats what pino wrote, so whatever the serializers
 * redacted (query strings, secrets) stays redacted. A line that is not JSON passes unchanged.
 */
export function humanLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const level = levels[entry.level as number] ?? { name: String(entry.level), colour: 0 };
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  let stack = '';
  const fields = Object.entries(entry)
    .filter(([key]) => !shownInHead.has(key))
    .map(([key, value]) => {
      if (key === 'err' && typeof value === 'object' && value !== null && 'stack' in value) {
        stack = `\n    ${String(value.stack).replaceAll('\n', '\n    ')}`;
        return `err=${JSON.stringify((value as { message?: unknown }).message ?? '')}`;
      }
      const shown = typeof value === 'string' ? value : inspect(value, { breakLength: Infinity, depth: 4 });
      return `${key}=${shown}`;
    });
  const head = `${time} \u001b[${level.colour}m${level.name.padEnd(5)}\u001b[39m ${String(entry.msg ?? '')}`;
  return `${[head, ...fields].join(' ')}${stack}\n`;
}

/** JSON lines for a collector; readable ones for a person at a terminal. */
export const logFormatFor = (out: { isTTY?: boolean }) => (out.isTTY === true ? 'human' : 'json');

/**
 * Where the server's log lines go. pino's default destination writes synchronously and, when
 * the reader of stdout stalls, waits in `Atomics.wait` on the main thread: every request and
 * even SIGTERM then wait for the log reader. Here a line is handed to the asynchronous stdout
 * stream; past a few MB that the reader has not taken, lines are dropped and counted, and a
 * broken pipe (EPIPE) stops logging instead of being retried forever. A terminal gets the
 * lines formatted for reading; anything else, the JSON lines themselves.
 */
export function nonBlockingWriter(out: Writable & { isTTY?: boolean }) {
  const format = logFormatFor(out) === 'human' ? humanLogLine : (line: string) => line;
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
        out.write(format(`${JSON.stringify(notice)}\n`));
      }
      out.write(format(line));
    },
  };
}

/**
 * Where to write stdout without ever waiting for its reader. O_NONBLOCK belongs to a pipe's
 * open file description, shared by every process given it (npm, tsx, a child started with
 * inherited stdio), and a Node process puts back at exit the flags it found at start: one that
 * started before the server makes the pipe blocking again under it, and the main thread then
 * sits in `write(1)` once the reader stalls. So a pipe is opened anew through /proc, a file
 * description of the server's own that nobody else can change (libuv reopens a terminal for
 * the same reason). A file, terminal or socket, or a pipe that cannot be reopened (no /proc,
 * another user's pipe), keeps process.stdout; so does a worker thread, whose stdout is not fd 1.
 */
function ownStdout(): Writable & { isTTY?: boolean } {
  try {
    if ((process.stdout as { fd?: number }).fd !== 1 || !fstatSync(1).isFIFO()) return process.stdout;
    const fd = openSync('/proc/self/fd/1', constants.O_WRONLY | constants.O_NONBLOCK);
    return new Socket({ fd, readable: false, writable: true });
  } catch {
    return process.stdout;
  }
}

let stdoutLog: ReturnType<typeof nonBlockingWriter> | undefined;

/** One per process: every Fastify instance built (tests build many) shares it. */
export function nonBlockingLog() {
  stdoutLog ??= nonBlockingWriter(ownStdout());
  return stdoutLog;
}
