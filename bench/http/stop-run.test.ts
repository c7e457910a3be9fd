import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchemas } from '../../apps/server/src/platform/db/stores';

const databaseUrl = process.env.TEST_DATABASE_URL;
const STOPPED_RUN = fileURLToPath(new URL('./stopped-run.ts', import.meta.url));

async function schemasStartingWith(url: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where starts_with(nspname, $1) order by nspname',
      [prefix],
    );
    return rows.map((row) => row.nspname);
  } finally {
    await client.end();
  }
}

/** The schema prefixes of the runs started, dropped after each test whatever its verdict. */
const started: string[] = [];

/**
 * Starts stopped-run.ts (with `args`) and, once it prints its schemas' prefix, runs `beforeStop`
 * (given the prefix, the lines printed so far, and whether the run has exited), then stops it with
 * SIGTERM; answers, once the run and every process it started have ended, the prefix, the run's exit
 * and the lines it printed.
 */
async function stopRunAt(
  args: readonly string[],
  beforeStop: (prefix: string, printed: readonly string[], exited: () => boolean) => Promise<void>,
) {
  const run = spawn(process.execPath, ['--import', 'tsx', STOPPED_RUN, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(run, 'exit');
  const lines: string[] = [];
  const output = readline.createInterface({ input: run.stdout });
  output.on('line', (line) => lines.push(line));
  // Its output ends once every process holding it has: the run's children too.
  const closed = once(output, 'close');
  try {
    const [prefix] = await Promise.race([
      once(output, 'line') as Promise<[string]>,
      exited.then(([code]) => Promise.reject(new Error(`the run exited (${code}) before it printed its prefix`))),
    ]);
    started.push(prefix);
    await beforeStop(prefix, lines, () => run.exitCode !== null || run.signalCode !== null);
    run.kill('SIGTERM');
    const exit = await exited;
    await closed;
    return { prefix, exit, printed: lines };
  } finally {
    run.kill('SIGKILL');
  }
}

// A schema a stopped run leaves behind is read by every later test that lists the database's tables.
describe.skipIf(!databaseUrl)('a bench run stopped by a signal', () => {
  const url = databaseUrl as string;
  // A failed test's run may have left its schemas: they go, once its assertions have read them.
  afterEach(async () => {
    for (const prefix of started.splice(0)) await dropSchemas(url, prefix);
  });

  it('drops its PostgreSQL schemas, then exits with the signal’s code', { timeout: 60_000 }, async () => {
    const { prefix, exit } = await stopRunAt([], async (opened) => {
      expect(await schemasStartingWith(url, opened)).toContain(`${opened}identity`);
    });
    expect(exit).toEqual([128 + os.constants.signals.SIGTERM, null]);
    expect(await schemasStartingWith(url, prefix)).toEqual([]);
  });

  it('stopped while its stores are migrated, drops them once they are', { timeout: 60_000 }, async () => {
    // Stopped as soon as its schemas are there, while its migrations run.
    const { prefix, exit, printed } = await stopRunAt(['while-opening'], async (opening, _printed, exited) => {
      const deadline = performance.now() + 20_000;
      while ((await schemasStartingWith(url, opening)).length === 0) {
        if (exited()) throw new Error('the run exited before it created its schemas');
        if (performance.now() > deadline) throw new Error('the run created no schema within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    expect(printed).toContain('stopped while opening');
    expect(exit).toEqual([128 + os.constants.signals.SIGTERM, null]);
    expect(await schemasStartingWith(url, prefix)).toEqual([]);
  });

  it('stopped while another process opens its stores, drops them once that opening has settled', {
    timeout: 60_000,
  }, async () => {
    // Stopped as the child is given the stores, which it opens 500 ms later (opening-child.ts): the
    // run's first drop comes before that, and the child's opening creates them again.
    const { prefix, exit, printed } = await stopRunAt(['opened-elsewhere'], async () => {});
    expect(printed).toContain('stopped while opening');
    expect(exit).toEqual([128 + os.constants.signals.SIGTERM, null]);
    expect(await schemasStartingWith(url, prefix)).toEqual([]);
  });
});
