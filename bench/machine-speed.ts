import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Database } from '../apps/server/src/platform/db/sqlite-driver';

/*
 * How long this machine takes over one fixed piece of work, timed as a run starts and as it ends. The
 * load average counts what waits for a core, not how fast a core runs: on 2026-12-07 the capacity
 * bench's server cost 2.8 ms of CPU a request at 10,000 players and a load of 0.1–1.9, against 1.3 at
 * 20,000 the night before, with the same server code, and the code of the night before cost the same
 * 2.8 (docs/decisions/0145-how-many-players-one-instance-serves.md). Only comparing with an older figure
 * showed it. With the fixed work's time printed beside the load, a run on a slow machine shows itself.
 * The time varies by a fifth within a quiet run, and differs between Node.js versions (another V8,
 * another SQLite driver): compare it across runs on one Node.js, by large differences.
 */

/** Rows of the fixed work's JSON and SQLite parts. */
const ROWS = 20_000;
/** Requests of its HTTP part, one after another on one kept connection. */
const REQUESTS = 500;

/** The rows' JSON both ways, their writes to SQLite and reads back by key: answers the seconds read back. */
function storeAndRead(): { text: string; total: number } {
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    id: `player-${index}`,
    seconds: index * 7,
    at: new Date(1_700_000_000_000 + index * 1_000).toISOString(),
  }));
  const text = JSON.stringify(rows);
  const parsed = JSON.parse(text) as typeof rows;
  const db = new Database(':memory:');
  try {
    db.exec('create table plays (id text primary key, seconds integer not null, at text not null)');
    const insert = db.prepare<[string, number, string]>('insert into plays (id, seconds, at) values (?, ?, ?)');
    db.transaction(() => {
      for (const row of parsed) insert.run(row.id, row.seconds, row.at);
    })();
    const read = db.prepare<[string], { seconds: number }>('select seconds from plays where id = ?');
    let total = 0;
    for (const row of parsed) total += read.get(row.id)?.seconds ?? 0;
    return { text, total };
  } finally {
    db.close();
  }
}

/** REQUESTS round trips to a node:http server on the loopback, in this process: answers their bodies joined. */
async function roundTrips(): Promise<string> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve(body));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  try {
    const bodies: string[] = [];
    for (let index = 0; index < REQUESTS; index += 1) bodies.push(await get(`/players/${index}`));
    return bodies.join('\n');
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The fixed work, once, in this thread: what a server spends its time on (JSON both ways, SQLite's writes
 * and reads by key, HTTP requests over the loopback, a hash). Answers a digest of what it read back, the
 * same on every machine, so none of it can be skipped.
 */
export async function fixedWork(): Promise<string> {
  const { text, total } = storeAndRead();
  const answers = await roundTrips();
  return createHash('sha256').update(text).update(String(total)).update(answers).digest('hex');
}

/**
 * The median of `rounds` timings of `work`, in ms, after one untimed run that warms it up; `now` is the
 * clock read around each.
 */
export async function medianTime(
  work: () => Promise<unknown>,
  rounds: number,
  now: () => number = () => performance.now(),
): Promise<number> {
  await work();
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = now();
    await work();
    times.push(now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** The fixed work's median time over five rounds, in ms. */
export const fixedWorkMs = (): Promise<number> => medianTime(fixedWork, 5);
