import type { TargetResult } from './targets';

/** Where a whole run's targets are kept, from the repository's root. */
export const BENCHMARKS_PAGE = 'docs/benchmarks.md';

/** The run a page is written from: its times (ISO), the machine and its load, what ran. */
export interface BenchRun {
  startedAt: string;
  finishedAt: string;
  machine: string;
  sections: readonly string[];
  postgres: boolean;
}

/**
 * The page's fixed part: what each section measures, how a target is decided and how to run one
 * section. It is the page's text, kept here so that every whole run writes it unchanged.
 */
const INTRODUCTION = `# Benchmarks

This page is written by \`npm run bench\` at the end of every run (bench/benchmarks-page.ts holds its
text): edit it there, not here. Each target keeps its latest measurement, with when, on what machine and
at what load it was taken: a run of some sections (or one without PostgreSQL, or with
\`BENCH_SKIP_LIGHTHOUSE=1\`) writes the targets it measured and leaves every other row as it was. A run at
another size (\`BENCH_PUSH_DEVICES\`, \`BENCH_PUSH_MILLION_DEVICES\`, \`BENCH_LIVE_CLIENTS\`,
\`BENCH_LIVE_INSTANCE_CLIENTS\`) writes its figure in the target's row, under a name that says the size.

\`npm run bench\` builds the web app if it was never built and, for Lighthouse, installs Debian's
Chromium when it is missing, as \`npm test\` does. Each section prints its figures with their ratio to a
baseline measured in the same run, and the run ends with the targets, one line each: PASS, FAIL, or
SKIPPED with the reason (a section not run, no PostgreSQL URL). It runs under \`node --expose-gc\`, as
\`npm start\` does, and every app it starts runs one full collection once it listens, as the server does
([0149](decisions/0149-a-full-collection-once-the-server-has-started.md)).

## What each section measures

- **bundle**: the gzip size of the JavaScript a first visit to \`/\` downloads, and a check that no story
  or admin code is in it (\`tests/bundle/bundle-size.test.ts\` holds it under 80 KiB and lists the
  costliest modules when it fails).
- **lighthouse**: performance scores of \`/\` and of a blank page served by the same server, on mobile and
  desktop, three rounds of \`/\` then blank each (Debian's Chromium; \`CHROME_PATH\` to override).
- **http**: autocannon (50 connections, in a process of its own) against
  - a bare Fastify JSON route, measured first and last: the baseline of every ratio;
  - the whole app (\`buildApp\` with every hook, migrated stores with the demo data and 10,000 accounts)
    on SQLite: \`GET /healthz\`; \`GET /api/fn/check-email\` over existing accounts, with the attestation
    token the app's own exchange issued for a debug token (attestation enforced, the check-email rate
    limit raised); \`signupCount\` on a list of 100 and of 1,000,000 signups; \`signupForEmails\` with a new
    address per request; \`spin-machine\` by a signed-in player (bearer token, attestation) on a machine
    that never sells out (every request spins the same machine: a limited drop's one hot row); a merch
    checkout, \`POST /api/shop/merch/orders\` for one unit of an open drop's product paid in credits (the
    order reserves its stock in one transaction), each request as the next player of a crowd of
    signed-in players (bearer tokens, order profiles, credits; a player holds at most three unpaid
    orders, so each orders at most three times; the order rate limit raised), on stock no run exhausts,
    checked at the end: the units orders hold plus those left are the units seeded, and every answer was
    2xx. \`/healthz\` and check-email also run at the default \`LOG_LEVEL=info\`, logging to a file, beside
    the quiet (\`error\`) figure: the cost of request logging;
  - the same product calls on PostgreSQL when \`BENCH_DATABASE_URL\` (or \`TEST_DATABASE_URL\`) is set, in
    schemas with a unique prefix that are dropped at the end (also when the run is stopped by its time
    limit, Ctrl-C or \`kill\`; not by \`kill -9\`), next to a raw \`pg\` Pool read of the same
    row by a minimal Fastify route: PostgreSQL's reference;
  - a diagnosis: check-email's read through Kysely and raw drivers, and stock transactions, on a minimal
    Fastify without the app's hooks.

  Each row gives requests/s, p99, the ratio to the bare route and the server's CPU time per request
  (every run waits for the answers still due at its end, so a slow call's backlog never runs into the
  next measurement), and the section prints the load average.
- **search**: the admin user search over 100,000 accounts through the whole app, one request at a time,
  on SQLite and (with a PostgreSQL URL) on PostgreSQL, by kind of query (exact, prefix, inside a name,
  typo), with p50/p95/p99.
- **live**: 50,000 live update streams (\`BENCH_LIVE_CLIENTS\` to change their number) opened from
  client processes of their own (raw sockets, at most 15,000 each), or as many as the server's
  process may hold open; a change is written and each stream's receipt timed from the write's start;
  the server's memory per idle stream (only when no section before it ran an app in the bench's process,
  whose RSS would reuse what that one freed: \`npm run bench -- live\`), beside Node's own HTTP server
  holding as many streams in a new process of its own (\`bench/live/node-http-floor.ts\`: an event
  stream's head and a first event, nothing else), what a stream costs before the app adds anything (its
  heap compares with the app's; its RSS, in a new process, grows with its young generation as well);
  with a PostgreSQL URL, two server processes with 10,000 streams each and how far apart their p99 are,
  with what the gap is made of (when each one's first stream had the change, each one's CPU and the
  machine's over the rounds);
  and spins with the change feed's triggers against the same app without them.
- **game-data**: on SQLite and (with a PostgreSQL URL) on PostgreSQL, the game's ingestion: batches of
  1,000 mixed events (playtime, presence, objectives, claimed items, levels of existing players) posted
  one at a time through the whole app with the service key, each followed by the baseline's batch: on
  SQLite the app's own writes (the same rows, indexes, counters and triggers) made by hand with prepared
  better-sqlite3 statements, one transaction a batch, on a copy of the store, both stores' logs copied
  into their files between batches, untimed, as the app's checkpoint worker copies its own off its
  batches (the two stores' rows are compared at the end), on
  PostgreSQL the same events as one raw multi-row INSERT in one transaction in the same store; events/s
  and the ratio, and each side's mean batch time and CPU (the bench's process, and PostgreSQL's
  processes serving the database); 40 measured batches after 3 of warm-up
  (\`BENCH_GAME_DATA_BATCHES\` to change it), the app's batch and the baseline's alternating so both
  sides see nearly the same machine. Then the live stats and their 90-day series over 100,000 accounts
  and 500,000 play sessions (with presence, levels, objectives and claimed items), one request at a time
  as staff, beside the admin area's floor and the bare route, and the live stats again while batches are
  ingested back to back. Every figure is printed with the load average.
- **push**: one message to 100,000 devices (\`BENCH_PUSH_DEVICES\` to change) written into the development
  store, on SQLite and (with a PostgreSQL URL) on PostgreSQL: an admin's
  \`POST /api/fn/development-push-sendbatch\` through the whole app, sent by the app's job runner through
  the FCM adapter to the local FCM server (\`platform/push-transport/testing.ts\`) in a process of its
  own, timed until the message is sent and checked against what the server received (every token
  exactly once); beside it the same 100,000 \`messages:send\` from a plain HTTP/2 client at the same
  concurrency, in three back-to-back pairs (the client's send and the app's, each to a fresh server,
  taking turns going first; an app of its own for each pair): the row's ratio is the pairs' median.
- **instances** (PostgreSQL only): what a second instance buys. Two real server processes (\`main.ts\`,
  \`LOG_LEVEL=warn\`) on one database of their own (copied from the tests' migrated template, dropped at
  the end; the role needs to create databases, as the tests' does) with the demo data, 10,000 accounts,
  500 signed-in players with credits and a machine that never sells out. The same mixed load from a
  process of its own (50 connections, each keeping to its own players, every turn attested: \`GET
  /api/shop\` and \`signupCount\` signed out, the player's \`PUT /api/account/profile\` with a new display
  name, a \`spin-machine\`) goes to the first instance alone, then to both (connections split round robin
  between the ports), in back-to-back pairs of 2 s slices. It prints requests/s for one and two, the
  ratio two/one, and each process's CPU from \`/proc\` as % of one core: both instances, the load
  generator, PostgreSQL's processes serving the database, the whole machine, and the instances' and
  PostgreSQL's CPU time per request. Any answer but 2xx, and any error an instance logs, stops the
  section. On a two-core machine one instance, PostgreSQL and the load generator already share both
  cores, so the ratio measures what a second instance costs (overhead), not the headroom it would add
  on more cores or machines.
- **remote-config**: the game's fetch of its configuration, \`GET /api/remote-config\`, through the whole
  app over 100,000 accounts, one request at a time, on SQLite and (with a PostgreSQL URL) on PostgreSQL,
  beside the bare route and the same route before anything is published (its floor). Staff publish
  through the admin API a configuration of 200 parameters (strings, numbers, booleans, JSON of about
  200 bytes with a schema) under 20 conditions (platforms, app version ranges, percentages, and mixes),
  three parameters in four with one to three conditional values. The callers are 400 signed-in players
  (bearer sessions of accounts of the 100,000) and 400 devices (\`deviceId\`) in turn, on every platform
  and eight app versions; one in four revalidates with the \`ETag\` of its first fetch and must be
  answered 304, the others 200 with every parameter. The target is the p95 of every fetch; the 200s',
  the 304s', the players' and the devices' are shown apart.
- **segments**: an admin's segment sizes over 100,000 players through the whole app, one request at a
  time as staff, on SQLite and (with a PostgreSQL URL) on PostgreSQL, beside the bare route and the admin
  area's floor. Every source segments read is filled for a share of the crowd a live game has, straight
  into the tables (a level and a presence each, 500,000 play sessions, credits with a ledger that adds up
  to them, web orders, store purchases, subscriptions in every state, push devices, beta requests, invite
  claims, partners). The editor's row sizes five-rule segments (every source among the rules, some
  matching "any", some with a group), each request one change from the one before, on a reading of the
  players' attributes made just before (a reading answers for a minute): the target is its p95. Beside
  it: the same requests while readings run back to back behind them (what a reading older than a minute
  costs the requests it meets), how long one recount holds the server's event loop and the share of an
  editing minute that is, recounts alone (every source read again, then the count; no bar is set), the
  members pages of three saved segments, and each source of a reading timed alone.
- **admin-reads**: every read the back office's screens make (\`bench/admin-reads/inventory.ts\`: each list's
  first page, the pickers' choices, every detail page, the player page, live stats and every range of
  their series, revenue over a month and a year, segment sizes and members, push audiences, both
  searches, the admin log, an experiment's results, Game Status), through the whole app as an admin, on
  SQLite and (with a PostgreSQL URL) on PostgreSQL, at 100,000 players with a year of play (2,000,000
  sessions, presence, objectives, credits, orders, store purchases, subscriptions, devices) and of the
  back office (30,000 reports, 20,000 feedback entries, 100,000 code redemptions, two pushes a day, an
  experiment on half the crowd, 50,000 admin log entries), on top of the demo data set, written straight
  into the tables. Each read answers once (it must be 2xx), then three rounds of warm-up and 30
  measured rounds (\`BENCH_ADMIN_SAMPLES\` to change; \`BENCH_ADMIN_DAYS\` seeds fewer days of play, quicker,
  and the figure says so) of every read in turn, one request at a time from
  a process of its own; the target is the slowest read's p95, and the ten slowest are printed.
- **capacity**: the launch bench, how many players one instance serves. Virtual players in a process of
  their own send a launch's mix (\`bench/capacity/mix.ts\`, printed with the result: per player per minute
  the landing page's count, the session check, the shop's and the merch catalogue's reads, spins, a
  limited drop's checkouts (few succeed, the rest are answered sold out, 409: both correct), launch-code
  redemptions, remote-config fetches and the game servers' event batches, and a live stream held by each
  player with the shop open) to real server processes (\`main.ts\`, every hook) over 100,000 accounts;
  the players' sessions are made in the seed (a sign-in hashes a password by design). The count rises in
  steps (\`BENCH_CAPACITY_STEPS\`, default 1,000 to 50,000), each held \`BENCH_CAPACITY_STEP_SECONDS\` (30 s),
  after a 10 s warm-up at the first step's count whose latencies are printed and not judged (anything else
  that goes wrong in it ends the row); a step's measured time starts a second after the streams it adds
  are open. The first step where any kind's p99 passes 250 ms or anything goes wrong (an unexpected status, a
  timeout, a stream that fails or drops, an error logged) ends the row. Rows: one instance on SQLite, one
  and two on PostgreSQL (with a PostgreSQL URL). Each step prints every kind's p99 and the CPU of the
  instances, the players' process and PostgreSQL apart, from \`/proc\`; \`BENCH_CAPACITY_CPU_PROF=dir\`
  writes a CPU profile of each instance per step.

## How a target is decided

A ratio's baseline is measured in the same run on the same machine: the bare route (on PostgreSQL,
the raw \`pg\` Pool read), the same app without what is measured (request logging, the change feed),
a list of 100 signups, a raw insert, a blank page, one instance; the other bars are absolute (KiB,
ms, s, KB, a score). The HTTP targets are decided on the median of back-to-back pairs, not on the
section's table: two-second runs of both sides, one right after the other, the side that goes first
alternating (7 pairs; \`BENCH_PAIRS\` for more, odd). On a shared two-core machine throughput drifts
by half within a minute; a pair sees nearly the same machine. A failed request fails its target, and
when the middle half of the pairs lies on both sides of the bar the figure says so (rerun, or raise
\`BENCH_PAIRS\`). Latencies (the user search, the live stats, a change's delivery) are decided on p95
or p99 of requests one at a time; Lighthouse on the median of its rounds; the instances on the median
of their pairs. A figure is PASS when it meets its bar and FAIL when it does not; SKIPPED says why it
was not measured. A missed target is a result: the command exits 0. A section that fails (an error)
marks its targets FAIL, lets the others run, and makes the command exit non-zero. Read each figure
with the load average it was taken at: the machine's other work moves it. A core can also run slower
with nothing else queued for it, which the load does not show: each run times one fixed piece of work
(\`bench/machine-speed.ts\`: JSON, SQLite's writes and reads by key, HTTP requests over the loopback,
a hash, in one thread) as it starts and as it ends, and a row's conditions carry both times. It varies
by about a fifth within a run and differs between Node.js versions; a row whose fixed work took far
longer than other rows' on the same Node.js was measured on a slower machine. Each section's own tables
are in the run's output, not on this page.

## Running it

\`\`\`sh
npm run bench                                    # every section; writes this page
npm run bench -- http                            # one section (or several: http,search)
BENCH_DATABASE_URL=postgres://… npm run bench    # with the PostgreSQL rows (or TEST_DATABASE_URL)
\`\`\`

The sections are \`bundle\`, \`lighthouse\`, \`http\`, \`search\`, \`live\`, \`game-data\`, \`push\`, \`instances\`,
\`remote-config\`, \`segments\`, \`capacity\` and \`admin-reads\`, picked as arguments or with \`BENCH_ONLY=http\` (comma-separated);
\`BENCH_SKIP_LIGHTHOUSE=1\` leaves Lighthouse out; \`BENCH_DURATION=10\` makes each table row run 10 s
(5 by default). \`instances\` alone takes about a minute. A run stops itself if it overruns. Everything, targets included, is also written to \`bench-results/latest.json\` (not in
the repository).`;

/** A target's row on the page: its verdict, bar and figure, and the run it was measured in. */
interface PageRow {
  verdict: string;
  name: string;
  requirement: string;
  figure: string;
  measured: string;
}

const COLUMNS = ['verdict', 'target', 'bar', 'figure', 'measured'] as const;

/** When a run began and the machine it ran on, as a row's last cell says it. */
function measuredIn(run: BenchRun): string {
  return `${run.startedAt.slice(0, 16).replace('T', ' ')} UTC on ${run.machine}`;
}

/**
 * Which target a row is, whatever size it was measured at: a name with its numbers taken out. A name
 * carries the size a run asked for (BENCH_PUSH_DEVICES, BENCH_LIVE_CLIENTS, …), and a run at another size
 * measures the same target: its row takes the place of the one before, and is kept, under the name it was
 * measured with, by the runs that skip it.
 */
export const targetKey = (name: string) => name.replaceAll(/\d+(?:[.,]\d+)*/g, '#');

const cellOf = (text: string) => text.replaceAll('|', '\\|').replaceAll(/\r?\n/g, ' ');
const textOf = (cell: string) => cell.trim().replaceAll('\\|', '|');

/**
 * The rows of a page written before, by target (targetKey). A page written by a whole run alone (one table under
 * its run's line, four columns) gives every row that run's line as its measurement.
 */
export function pageRows(page: string): Map<string, PageRow> {
  const rows = new Map<string, PageRow>();
  let runLine = '';
  // Only the figures' table, under its heading: a table in the introduction is not one.
  const figures = page
    .split(/^## The latest .*$/m)
    .slice(1)
    .join('\n');
  for (const line of figures.split(/\r?\n/)) {
    const run = /^Run (\d{4}-\d\d-\d\d \d\d:\d\d)–\d\d:\d\d UTC on (.*);$/.exec(line);
    if (run) runLine = `${run[1]} UTC on ${run[2]}`;
    if (!line.startsWith('| ') || line.startsWith('| verdict ')) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map(textOf);
    const [verdict = '', name = '', requirement = '', figure = '', measured = runLine] = cells;
    if (name) rows.set(targetKey(name), { verdict, name, requirement, figure, measured });
  }
  return rows;
}

/**
 * Each target's row: this run's measurement, or, for a target it skipped, the last one the page holds (a
 * section that failed is shown failed: its last figure would hide it). A kept row whose bar has changed
 * since says which bar its verdict was against.
 */
function latestRows(previous: ReadonlyMap<string, PageRow>, targets: readonly TargetResult[], run: BenchRun) {
  const keys = targets.map((target) => targetKey(target.name));
  const twin = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twin !== undefined) throw new Error(`Two targets are told apart by a number alone: ${twin}`);
  return targets.map((target): PageRow => {
    const earlier = previous.get(targetKey(target.name));
    if (target.verdict !== 'SKIPPED') return { ...target, measured: measuredIn(run) };
    if (!earlier || earlier.verdict === 'SKIPPED') return { ...target, measured: '' };
    const annotated = / \(against (.*)\)$/.exec(earlier.verdict);
    const measuredAgainst = annotated?.[1] ?? earlier.requirement;
    const verdict = annotated ? earlier.verdict.slice(0, annotated.index) : earlier.verdict;
    return {
      ...earlier,
      requirement: target.requirement,
      verdict: measuredAgainst === target.requirement ? verdict : `${verdict} (against ${measuredAgainst})`,
    };
  });
}

/**
 * docs/benchmarks.md: the fixed introduction, then every target's latest measurement. `previous` is the
 * page as it stood before the run.
 */
export function benchmarksPage(previous: string, targets: readonly TargetResult[], run: BenchRun): string {
  const rows = latestRows(pageRows(previous), targets, run);
  const table = [
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...rows.map(
      (row) => `| ${[row.verdict, row.name, row.requirement, row.figure, row.measured].map(cellOf).join(' | ')} |`,
    ),
  ];
  const lastRun = `The last run: sections ${run.sections.join(', ')}, ${run.startedAt.slice(0, 16).replace('T', ' ')}–${run.finishedAt.slice(11, 16)} UTC; ${run.postgres ? 'with PostgreSQL' : 'without PostgreSQL'}.`;
  return `${INTRODUCTION}\n\n## The latest figures\n\n${lastRun}\n\n${table.join('\n')}\n`;
}
