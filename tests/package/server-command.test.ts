import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverEnvironment, serverNodeFlags } from '../../server/ops/server-command';

/**
 * The server's memory settings only work on the command line that starts it, and each way of
 * starting it spells that line itself: one left without them costs about 70 MiB of idle RSS
 * (bench/README.md, "PGlite idle RSS"), which no other test would notice.
 */
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const operations = readFileSync('docs/operations.md', 'utf8');

/** The words of a shell command line from the environment assignments to the server's entry. */
function serverLaunch(commandLine: string) {
  const words = commandLine.trim().split(/\s+/);
  const entry = words.indexOf('dist-server/main.js');
  expect(entry, `no dist-server/main.js in: ${commandLine}`).toBeGreaterThan(0);
  const node = words.findIndex((word) => /(^|\/)node$/.test(word));
  return { environment: words.slice(0, node), flags: words.slice(node + 1, entry) };
}

const assignments = Object.entries(serverEnvironment).map(([name, value]) => `${name}=${value}`);

describe('the command that starts the server', () => {
  it.each(['start', 'serve'])('npm run %s passes the memory settings', (script) => {
    const launch = serverLaunch(scripts[script].split('&&').at(-1) ?? '');
    expect(launch.environment).toEqual(expect.arrayContaining(assignments));
    expect(launch.flags).toEqual(expect.arrayContaining([...serverNodeFlags]));
  });

  it('is given with them in docs/operations.md, by hand and in the systemd unit', () => {
    const byHand = operations
      .split('\n')
      .find((line) => /^\S+=\S+ .*node .*dist-server\/main\.js$/.test(line));
    expect(byHand, 'the command under "Build and start"').toBeDefined();
    const launch = serverLaunch(byHand ?? '');
    expect(launch.environment).toEqual(expect.arrayContaining(assignments));
    expect(launch.flags).toEqual(expect.arrayContaining([...serverNodeFlags]));

    const unit = operations.slice(operations.indexOf('[Service]'));
    for (const assignment of assignments) expect(unit).toContain(`\nEnvironment=${assignment}\n`);
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    expect(serverLaunch(execStart).flags).toEqual(expect.arrayContaining([...serverNodeFlags]));
  });
});
