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

// A schema a stopped run leaves behind is read by every later test that lists the database's tables.
describe.skipIf(!databaseUrl)('a bench run stopped by a signal', () => {
  it('drops its PostgreSQL schemas, then exits with the signal’s code', { timeout: 60_000 }, async () => {
    const url = databaseUrl as string;
    const run = spawn(process.execPath, ['--import', 'tsx', STOPPED_RUN], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(run, 'exit');
    try {
      const printed = once(readline.createInterface({ input: run.stdout }), 'line') as Promise<[string]>;
      const [prefix] = await Promise.race([
        printed,
        exited.then(([code]) => Promise.reject(new Error(`the run exited (${code}) before it opened its stores`))),
      ]);
      expect(await schemasStartingWith(url, prefix)).toContain(`${prefix}identity`);

      run.kill('SIGTERM');
      expect(await exited).toEqual([128 + os.constants.signals.SIGTERM, null]);
      expect(await schemasStartingWith(url, prefix)).toEqual([]);
    } finally {
      run.kill('SIGKILL');
    }
  });
});
