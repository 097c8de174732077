import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { humanLogLine, logFormatFor, nonBlockingWriter } from '../../../server/ops/log-stream';
import { resetDatabase, testDatabase } from '../helpers';

/** A stdout that keeps what is written, a terminal or not. */
function stdout(isTTY: boolean) {
  const written: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    }),
    { isTTY },
  );
  return { stream, written };
}

const line = `${JSON.stringify({
  level: 30,
  time: Date.UTC(2026, 10, 23, 12, 4, 31, 250),
  pid: 7,
  hostname: 'vm',
  reqId: 'req-1',
  res: { statusCode: 200 },
  responseTime: 1.5,
  msg: 'request completed',
})}\n`;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the server log format', () => {
  it('is human-readable when stdout is a terminal and JSON otherwise', () => {
    expect(logFormatFor({ isTTY: true })).toBe('human');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });

  it('writes the JSON lines unchanged to a pipe or file', () => {
    const { stream, written } = stdout(false);
    nonBlockingWriter(stream).write(line);
    expect(written).toEqual([line]);
  });

  it('writes a terminal the time, level and message, then the other fields', () => {
    const { stream, written } = stdout(true);
    nonBlockingWriter(stream).write(line);
    expect(written).toEqual([
      '12:04:31.250 \u001b[32mINFO \u001b[39m request completed reqId=req-1 res={ statusCode: 200 } responseTime=1.5\n',
    ]);
  });

  it("puts an error's stack under its line", () => {
    const entry = {
      level: 50,
      time: 0,
      msg: 'job failed',
      err: { message: 'boom', stack: 'Error: boom\n    at job' },
    };
    expect(humanLogLine(JSON.stringify(entry))).toBe(
      '00:00:00.000 \u001b[31mERROR\u001b[39m job failed err="boom"\n    Error: boom\n        at job\n',
    );
  });

  it('passes a line that is not JSON through', () => {
    expect(humanLogLine('plain text\n')).toBe('plain text\n');
  });

  it('keeps query strings out of the readable request log too', async () => {
    const { stream, written } = stdout(true);
    const database = await testDatabase();
    await resetDatabase(database);
    const app = await buildApp(testConfig({ logLevel: 'info' }), {
      database,
      logStream: nonBlockingWriter(stream),
    });
    close = () => app.close();
    const secret = 'c0de-that-must-not-be-logged';
    await app.inject({
      url: `/api/account/confirm-account-redirect?email=someone%40example.com&code=${secret}`,
    });
    const logged = written.join('');
    expect(logged).toContain('/api/account/confirm-account-redirect');
    expect(logged).toContain('INFO');
    expect(logged).not.toContain('{"level"');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('someone');
  });
});
