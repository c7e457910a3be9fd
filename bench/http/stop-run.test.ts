import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

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

/** Starts stopped-run.ts (with `args`), answers its schemas' prefix once printed, stops it with SIGTERM, and answers its exit. */
async function stopRunAt(args: readonly string[], beforeStop: (prefix: string) => Promise<void>) {
  const run = spawn(process.execPath, ['--import', 'tsx', STOPPED_RUN, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(run, 'exit');
  try {
    const printed = once(readline.createInterface({ input: run.stdout }), 'line') as Promise<[string]>;
    const [prefix] = await Promise.race([
      printed,
      exited.then(([code]) => Promise.reject(new Error(`the run exited (${code}) before it printed its prefix`))),
    ]);
    await beforeStop(prefix);
    run.kill('SIGTERM');
    return { prefix, exit: await exited };
  } finally {
    run.kill('SIGKILL');
  }
}

// A schema a stopped run leaves behind is read by every later test that lists the database's tables.
describe.skipIf(!databaseUrl)('a bench run stopped by a signal', () => {
  const url = databaseUrl as string;

  it('drops its PostgreSQL schemas, then exits with the signal’s code', { timeout: 60_000 }, async () => {
    const { prefix, exit } = await stopRunAt([], async (opened) => {
      expect(await schemasStartingWith(url, opened)).toContain(`${opened}identity`);
    });
    expect(exit).toEqual([128 + os.constants.signals.SIGTERM, null]);
    expect(await schemasStartingWith(url, prefix)).toEqual([]);
  });

  it('stopped while its stores are migrated, drops them once they are', { timeout: 60_000 }, async () => {
    // Stopped once its first store's schema is there and before the others are.
    const { prefix, exit } = await stopRunAt(['while-opening'], async (opening) => {
      while ((await schemasStartingWith(url, opening)).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    expect(exit).toEqual([128 + os.constants.signals.SIGTERM, null]);
    expect(await schemasStartingWith(url, prefix)).toEqual([]);
  });
});
