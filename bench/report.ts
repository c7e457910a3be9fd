import { P95_BAR_MS as ADMIN_READ_BAR_MS, type AdminReadsReport } from './admin-reads/suite';
import type { FirstVisitBundle } from './bundle/first-visit';
import { describeMix, LAUNCH_MIX } from './capacity/mix';
import { type CapacityReport, describeWarmUp } from './capacity/suite';
import { batchText, type GameDataReport } from './game-data/suite';
import { describeFailures, failureCount } from './http/load-spec';
import type { HttpReport } from './http/suite';
import { type InstancesReport, type InstancesSide, MIX } from './instances/suite';
import type { FormFactorResult } from './lighthouse/suite';
import type { LiveReport } from './live/suite';
import { type PushReport, ratioOf } from './push/suite';
import type { RemoteConfigReport } from './remote-config/suite';
import { BENCH_CONDITIONS, REMOTE_CONFIG_PARAMETERS } from './remote-config/template';
import type { SearchReport, SearchRow } from './search/suite';
import { RECOUNT_PROPOSED_BAR_MS, type SegmentsReport } from './segments/suite';
import type { TargetResult } from './targets';

/** Rows with one cell (group headings) are printed as they are and do not widen the columns. */
function table(header: string[], rows: string[][]): string {
  const full = rows.filter((row) => row.length > 1);
  const widths = header.map((cell, column) => Math.max(cell.length, ...full.map((row) => (row[column] ?? '').length)));
  // First column left-aligned (names), the rest right-aligned (numbers).
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)));
  return [header, ...rows].map((cells) => (cells.length > 1 ? line(cells).join('   ') : (cells[0] ?? ''))).join('\n');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const score = (value: number | null) => (value === null ? 'n/a' : String(value));

export function formatHttp(report: HttpReport): string {
  const header = ['benchmark', 'req/s', 'p99 ms', 'x bare', 'server CPU µs/req', 'failures'];
  const rows: string[][] = [];
  let group: string | undefined;
  for (const row of report.rows) {
    if (row.group !== group) {
      group = row.group;
      rows.push([`[${group}]`]);
    }
    rows.push([
      `  ${row.name}`,
      Math.round(row.requestsPerSecond).toLocaleString('en-US'),
      row.p99Ms.toFixed(2),
      row.ratioToBare.toFixed(2),
      row.serverCpuMicrosPerRequest.toFixed(1),
      describeFailures(row.failures) || '0',
    ]);
  }
  const { logging } = report;
  const logRatios = logging.ratios
    .map(
      (ratio) =>
        `${ratio.path} ${ratio.infoOverQuiet.toFixed(2)} x the quiet rate (+${ratio.cpuMicrosAdded.toFixed(0)} µs server CPU per request)`,
    )
    .join(', ');
  const mb = (logging.log.bytes / 1_048_576).toFixed(1);
  return [
    table(header, rows),
    '',
    "x bare: requests/s over the bare route's (the mean of its first and last run). Product rows go through",
    'buildApp with every hook on migrated stores (demo data, 10,000 accounts); check-email sends the attestation',
    "token the app's exchange issued. Quiet rows log at error; LOG_LEVEL=info rows log every request to a file.",
    "A checkout is one unit of an open drop's product paid in credits, each request as the next player of a crowd.",
    ...(report.postgresSkipped ? [`PostgreSQL rows: ${report.postgresSkipped}.`] : []),
    `Load average ${report.load[0].toFixed(2)} at the first row, ${report.load[1].toFixed(2)} after the targets.`,
    '',
    ...report.checkouts.map(
      (checkout) =>
        `Merch checkouts, ${checkout.dialect}: ${checkout.orders.toLocaleString('en-US')} orders hold ${checkout.unitsHeld.toLocaleString('en-US')} units, ` +
        `${checkout.stockLeft.toLocaleString('en-US')} of ${checkout.stockSeeded.toLocaleString('en-US')} left: nothing oversold or lost; ` +
        (failureCount(checkout.failures) === 0
          ? 'every answer 2xx.'
          : `${describeFailures(checkout.failures)}, NOT 2xx: the checkout figures count refusals, not checkouts.`),
    ),
    ...(report.checkouts.length > 0 ? [''] : []),
    `Request logging at the default LOG_LEVEL=info (median of back-to-back pairs against the quiet app): ${logRatios}.`,
    `The info app wrote ${logging.log.lines.toLocaleString('en-US')} lines (${mb} MiB) to its file, ${logging.log.warnings} at warn or above.`,
  ].join('\n');
}

/** The final summary: one line per target. */
export function formatTargets(targets: readonly TargetResult[]): string {
  const width = Math.max(...targets.map((target) => `${target.name} ${target.requirement}`.length));
  return targets
    .map(
      (target) =>
        `${target.verdict.padEnd(7)} ${`${target.name} ${target.requirement}`.padEnd(width)}   ${target.figure}`,
    )
    .join('\n');
}

export function formatBundle(bundle: FirstVisitBundle): string {
  const rows = bundle.chunks.map((chunk) => [chunk.file, kib(chunk.bytes), kib(chunk.gzipBytes)]);
  rows.push(['total', kib(bundle.totalBytes), kib(bundle.totalGzipBytes)]);
  const lazy = [
    ...bundle.lazyChunksLoaded.map((file) => `chunk ${file}`),
    ...bundle.lazyMarkersFound.map(({ file, marker }) => `"${marker}" in ${file}`),
  ];
  return [
    table(['first visit to / (JavaScript)', 'raw', 'gzip -9'], rows),
    `total gzip: ${bundle.totalGzipBytes.toLocaleString('en-US')} bytes`,
    lazy.length === 0
      ? 'story/admin code in the first visit: none (OK)'
      : `story/admin code in the first visit: ${lazy.join(', ')} (FAIL)`,
  ].join('\n');
}

export function formatLighthouse(results: readonly FormFactorResult[]): string {
  const performance = results.map((result) => [
    result.formFactor,
    score(result.home.performance),
    score(result.blank.performance),
    result.performanceRatio === null ? 'n/a' : result.performanceRatio.toFixed(2),
  ]);
  const others = results.map((result) => [
    result.formFactor,
    score(result.home.accessibility),
    score(result.home.bestPractices),
    score(result.home.seo),
  ]);
  const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
  const metrics = results.map(({ formFactor, home: { metrics: m } }) => [
    formFactor,
    ms(m.firstContentfulPaint),
    ms(m.largestContentfulPaint),
    ms(m.totalBlockingTime),
    m.cumulativeLayoutShift === null ? 'n/a' : m.cumulativeLayoutShift.toFixed(3),
    ms(m.speedIndex),
  ]);
  return [
    table(['performance (median round)', '/', 'blank', '/ : blank'], performance),
    '',
    table(['/ (information)', 'accessibility', 'best practices', 'SEO'], others),
    '',
    table(['/ lab metrics', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'], metrics),
  ].join('\n');
}

/** Latency rows, grouped, one request at a time; with a load column when the rows carry it. */
function latencyTable(latencyRows: readonly (SearchRow & { load?: number })[]): string {
  const loads = latencyRows.every((row) => row.load !== undefined);
  const header = ['one request at a time', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 x bare', 'failures'];
  const rows: string[][] = [];
  let group: string | undefined;
  for (const row of latencyRows) {
    if (row.group !== group) {
      group = row.group;
      rows.push([`[${group}]`]);
    }
    rows.push([
      `  ${row.name}`,
      String(row.requests),
      row.p50Ms.toFixed(2),
      row.p95Ms.toFixed(2),
      row.p99Ms.toFixed(2),
      row.p95OverBare.toFixed(1),
      String(row.failures),
      ...(loads ? [(row.load ?? Number.NaN).toFixed(2)] : []),
    ]);
  }
  return table(loads ? [...header, 'load'] : header, rows);
}

export function formatSearch(report: SearchReport): string {
  return [
    latencyTable(report.rows),
    '',
    "p95 x bare: the row's p95 over the bare route's (the mean of its first and last run), timed the same way.",
    'Search rows cycle through queries drawn from the seeded accounts (exact names and addresses, prefixes,',
    'last names shared by hundreds, text inside names, typos) as a moderator signed in with a bearer session.',
    ...(report.postgresSkipped ? [`PostgreSQL rows: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}

export function formatLive(report: LiveReport): string {
  const { streams, delivery, memory, instances, writeCost } = report;
  const count = (value: number) => value.toLocaleString('en-US');
  const deliveryLine = (one: LiveReport['delivery']) =>
    `p50 ${one.p50Ms.toFixed(1)} ms, p99 ${one.p99Ms.toFixed(1)} ms, max ${one.maxMs.toFixed(1)} ms over ${one.rounds} changes (${one.missed} missed)`;
  return [
    `streams: ${count(streams.open)} open of ${count(streams.asked)} asked, ${streams.failed} failed (client processes of raw sockets; the server's open-file limit ${count(streams.openFileLimit)})`,
    `delivery of a change to every stream, from the write's start: ${deliveryLine(delivery)}`,
    `server memory per idle stream: ${kib(memory.bytesPerStream)} (RSS grew ${kib(memory.rssBytesPerStream)}, the JavaScript heap and buffers ${kib(memory.heapBytesPerStream)}); Node's own HTTP server holding as many, in a new process of its own: RSS grew ${kib(memory.nodeHttpFloor.rssBytesPerStream)}, the JavaScript heap and buffers ${kib(memory.nodeHttpFloor.heapBytesPerStream)}`,
    ...(instances
      ? instances.instances.map(
          (one) =>
            `two instances on PostgreSQL, ${count(instances.streamsPerInstance)} streams on ${one.name}: ${deliveryLine(one.delivery)}`,
        )
      : [`two instances on PostgreSQL: ${report.instancesSkipped}`]),
    `spins with the change feed over without: ${writeCost.ratio.toFixed(2)} (pairs ${writeCost.pairRatios.map((value) => value.toFixed(2)).join(' ')})`,
  ].join('\n');
}

export function formatGameData(report: GameDataReport): string {
  const events = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');
  const ingestion = report.ingestion.map((one) => [
    one.dialect,
    one.events.toLocaleString('en-US'),
    events(one.appEventsPerSecond),
    events(one.baselineEventsPerSecond),
    one.ratio.toFixed(2),
    one.appBatchMs.toFixed(1),
    one.baselineBatchMs.toFixed(1),
    String(one.notStored),
    one.load.toFixed(2),
  ]);
  return [
    table(
      [
        'ingestion',
        'events',
        'app events/s',
        'baseline events/s',
        'x baseline',
        'app ms/batch',
        'baseline ms/batch',
        'not stored',
        'load',
      ],
      ingestion,
    ),
    '',
    'app: batches of 1,000 mixed events (playtime, presence, objectives, claimed items, levels of existing players)',
    "posted one at a time through buildApp with the service key, each followed by the baseline's: on SQLite the app's",
    'writes by hand on a copy of its store (prepared statements, one transaction a batch, both logs copied between',
    'batches, untimed; the stores end with the same rows), on PostgreSQL the same events as one multi-row INSERT',
    'through the raw driver in the same store.',
    ...report.ingestion.map(
      (one) =>
        `${one.dialect}: a batch (means), the app ${batchText(one.appBatch)}, the baseline ${batchText(one.baselineBatch)}`,
    ),
    ...report.ingestion.flatMap((one) =>
      one.differences.length > 0 ? [`${one.dialect}: the stores differ: ${one.differences.join('; ')}`] : [],
    ),
    '',
    latencyTable(report.latency),
    '',
    "p95 x bare: the row's p95 over the bare route's (the mean of its first and last run), timed the same way,",
    'as a member of staff signed in with a bearer session; load: the one-minute load average after the row.',
    ...(report.postgresSkipped ? [`PostgreSQL rows: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}

export function formatPush(report: PushReport): string {
  const header = [
    'one message, every device',
    'devices',
    'seconds',
    'devices/s',
    'x plain',
    'CPU s: sender',
    'FCM',
    'PostgreSQL',
    'machine',
    'each once',
    'load',
  ];
  const number = (value: number) => Math.round(value).toLocaleString('en-US');
  const seconds = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
  const rows: string[][] = [];
  for (const run of report.dialects) {
    const store = run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    rows.push([`[${store}, ${number(run.devices)} devices seeded in ${run.seedSeconds.toFixed(1)} s]`]);
    for (const row of run.pairs) {
      const { baseline } = row;
      rows.push([`  [pair ${row.pair}, ${row.order}]`]);
      rows.push([
        '    plain HTTP/2 client -> local FCM',
        number(baseline.receipt.received),
        baseline.seconds.toFixed(1),
        number(baseline.devicesPerSecond),
        '1.00',
        baseline.clientCpuSeconds.toFixed(1),
        (baseline.receipt.cpuMs / 1000).toFixed(1),
        seconds(baseline.others.postgresSeconds),
        baseline.others.machineSeconds.toFixed(1),
        baseline.verified ? 'yes' : `no (${baseline.failures} failed)`,
        '',
      ]);
      rows.push([
        `    whole app: POST sendbatch, job, FCM adapter (job ${row.jobSeconds.toFixed(1)} s)`,
        number(row.counts.sent),
        row.seconds.toFixed(1),
        number(row.devicesPerSecond),
        ratioOf(row).toFixed(2),
        row.appCpuSeconds.toFixed(1),
        (row.receipt.cpuMs / 1000).toFixed(1),
        seconds(row.others.postgresSeconds),
        row.others.machineSeconds.toFixed(1),
        row.verified ? 'yes' : `no (${row.state}, failed ${row.counts.failed}, pruned ${row.counts.pruned})`,
        `${row.load[0].toFixed(2)}-${row.load[1].toFixed(2)}`,
      ]);
    }
  }
  return [
    table(header, rows),
    '',
    `Both send one messages:send per token, ${report.concurrency} in flight, to the local FCM server (platform/push-transport/testing.ts)`,
    "in a process of its own; the app's row runs from the admin's POST to the message's state 'sent' (the POST",
    "wakes the job runner). x plain: seconds over the plain client's; CPU s: the sending",
    "process's (the plain client's, or the app's with its stores), the FCM server's, PostgreSQL's backends' for the",
    "bench's database, and the whole machine's (every core, other processes included); each once: the server received every seeded token",
    'exactly once, no other and no retry, with the title, body and message id sent; load: the 1-minute load average.',
    ...(report.postgresSkipped ? [`PostgreSQL rows: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}

export function formatRemoteConfig(report: RemoteConfigReport): string {
  const mixes = report.mixes.map(
    (mix) =>
      `${mix.dialect}: ${mix.callers} callers (${mix.signedIn} signed in, ${mix.revalidating} revalidating), ` +
      `${mix.etags} different ETags among their first fetches.`,
  );
  return [
    latencyTable(report.rows),
    '',
    "p95 x bare: the row's p95 over the bare route's (the mean of its first and last run), timed the same way;",
    `load: the one-minute load average after the row. The configuration (${BENCH_CONDITIONS.length} conditions: platforms, app version`,
    `ranges, percentages, and mixes of them; ${REMOTE_CONFIG_PARAMETERS} parameters of every type, JSON of about 200 bytes, three in`,
    'four with one to three conditional values) is published through the admin API by staff. The fetch row',
    'cycles through signed-in players (bearer sessions of accounts of the 100,000) and devices in turn, on every',
    'platform and eight app versions; one in four sends If-None-Match with the ETag of its first fetch and must',
    'be answered 304, the others 200 with every parameter. The floor is the same route before any publish.',
    ...mixes,
    ...(report.postgresSkipped ? [`PostgreSQL rows: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}

export function formatSegments(report: SegmentsReport): string {
  const number = (value: number) => Math.round(value).toLocaleString('en-US');
  const facts = report.facts.flatMap((fact) => [
    '',
    `${fact.dialect}: seeded in ${fact.seedSeconds.toFixed(1)} s (load ${fact.seedLoad.toFixed(2)}): ` +
      Object.entries(fact.seeded)
        .map(([table, rows]) => `${table} ${number(rows)}`)
        .join(', ') +
      '; with the game data at scale (a level and a presence each, 500,000 play sessions).',
    `  the first size request after the start (the first reading): ${number(fact.firstSizeMs)} ms; ` +
      `${fact.rereads} recounts ran behind the "while read again" row.`,
    `  a recount took ${number(fact.blocked.readingMs)} ms and held the event loop ${number(fact.blocked.totalMs)} ms ` +
      `(longest stall ${number(fact.blocked.longestMs)} ms): an editor's request meets a reread's stall ` +
      `${(100 * fact.stallShare).toFixed(1)} % of the time (the stalls over a minute and a reading).`,
    `  saved segments: ${fact.saved.map((one) => `${one.segmentID} ${number(one.size)} of ${number(one.total)}`).join(', ')}.`,
    table(
      [`  a reading's parts alone, median of 3 (load ${fact.sourcesLoad.toFixed(2)})`, 'values', 'ms'],
      fact.sources.map((part) => [`  ${part.name}`, number(part.values), part.ms.toFixed(0)]),
    ),
  ]);
  return [
    latencyTable(report.rows),
    '',
    "p95 x bare: the row's p95 over the bare route's (the mean of its first and last run), timed the same way;",
    'load: the one-minute load average after the row. Staff size five-rule segments (every source among their',
    'rules, one in four matching "any", one in three with a group), each request one change from the one before,',
    'as the editor asks after each change, on a reading made just before (a reading answers for a minute);',
    'the same while recounts run back to back behind it (what a reading older than a minute costs the requests',
    `it meets); recounts alone (every source read again, then the count: bar proposed ${RECOUNT_PROPOSED_BAR_MS} ms, the issue sets`,
    'none); and members pages of three saved segments. The parts of a reading are timed in the bench process.',
    ...facts,
    ...(report.postgresSkipped ? ['', `PostgreSQL rows: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}

export function formatInstances(report: InstancesReport): string {
  const { measured } = report;
  if (!measured) return `PostgreSQL rows: ${report.skipped ?? 'not measured'}.`;
  const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} %`);
  const row = (name: string, side: InstancesSide) => {
    const { instances, generator, postgres, machine } = side.usage.cpuPercent;
    return [
      name,
      Math.round(side.requestsPerSecond).toLocaleString('en-US'),
      ...instances.map(percent),
      percent(generator),
      percent(postgres),
      percent(machine),
      side.cpuMicrosPerRequest === undefined ? 'n/a' : side.cpuMicrosPerRequest.toFixed(0),
    ];
  };
  const header = [
    'mixed load',
    'req/s',
    ...measured.one.usage.cpuPercent.instances.map((_, index) => `instance ${String.fromCharCode(65 + index)}`),
    'load generator',
    'PostgreSQL',
    'machine',
    'CPU µs/req',
  ];
  const warnings = Object.entries(measured.warnings)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    table(header, [row('one instance (A)', measured.one), row('two instances (A, B)', measured.two)]),
    '',
    `two instances over one: ${measured.ratio.toFixed(2)} (median of pairs ${measured.pairRatios.map((value) => value.toFixed(2)).join(' ')})`,
    ...(measured.one.cpuMicrosPerRequest !== undefined && measured.two.cpuMicrosPerRequest !== undefined
      ? [
          `CPU per request, two instances over one: ${(measured.two.cpuMicrosPerRequest / measured.one.cpuMicrosPerRequest).toFixed(2)} (steadier than req/s when other work shares the machine)`,
        ]
      : []),
    '',
    `req/s: the median of ${measured.pairRatios.length} slices of ${measured.sliceSeconds} s per side, each pair back to back. The load: ${measured.connections} connections from`,
    `a process of its own (split round robin between the ports for two), ${measured.players.toLocaleString('en-US')} signed-in players each on one`,
    'connection, every turn of a player sending, attested:',
    ...MIX.map((request) => `  ${request}`),
    'Instances are main.ts processes (LOG_LEVEL=warn) on one PostgreSQL database with the demo data and 10,000',
    "accounts; any answer but 2xx stops the run. CPU columns: % of one core over the side's slices, from /proc",
    "(machine: every process, others' work included, of 100 % x cores); CPU µs/req: the instances' and",
    "PostgreSQL's CPU time per request. On two cores one instance, PostgreSQL and the load generator already",
    'share the machine: the ratio measures what a second instance costs (overhead), not the headroom it',
    'would add on more cores or another machine.',
    `Warnings the instances logged: ${warnings}.`,
  ].join('\n');
}

export function formatCapacity(report: CapacityReport): string {
  const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} %`);
  const header = [
    'players',
    'held',
    ...LAUNCH_MIX.map((entry) => `${entry.kind} p99`),
    'streams',
    'server CPU',
    'players CPU',
    'PostgreSQL',
    'machine',
    'server ms/req',
    'sent late p99',
    'load',
  ];
  const rows: string[][] = [];
  for (const row of report.rows) {
    rows.push([`[${row.label}]`]);
    for (const step of row.steps) {
      rows.push([
        `  ${step.players.toLocaleString('en-US')}`,
        step.notHeld ? 'no' : 'yes',
        ...step.kinds.map((kind) =>
          kind.requests === 0 ? '-' : `${kind.p99Ms.toFixed(1)}${kind.errors > 0 ? ` (${kind.errors} err)` : ''}`,
        ),
        `${step.streams.open.toLocaleString('en-US')}${step.streams.failed + step.streams.dropped > 0 ? ` (${step.streams.failed} failed, ${step.streams.dropped} dropped)` : ''}`,
        step.cpu.instances.map(percent).join(' + '),
        percent(step.cpu.generator),
        percent(step.cpu.postgres),
        percent(step.cpu.machine),
        step.cpu.serverMsPerRequest.toFixed(2),
        `${step.lateP99Ms.toFixed(1)} ms`,
        step.load.toFixed(2),
      ]);
    }
  }
  const summaries = report.rows.map(
    (row) =>
      `${row.label}: ${row.held.toLocaleString('en-US')} players held; limit ${row.limit}. The drop: ` +
      `${row.checkouts.orders} order${row.checkouts.orders === 1 ? '' : 's'} hold ${row.checkouts.unitsHeld} of ${row.checkouts.stockSeeded} units, ${row.checkouts.stockLeft} left. ` +
      `The warm-up at ${row.warmUp.players.toLocaleString('en-US')} players: ${describeWarmUp(row.warmUp)}.`,
  );
  return [
    table(header, rows),
    '',
    ...summaries,
    ...report.skipped.map((row) => `${row.label}: ${row.reason}.`),
    '',
    `Each step holds its players ${report.stepSeconds} s (BENCH_CAPACITY_STEP_SECONDS; steps ${report.steps.join(', ')}, BENCH_CAPACITY_STEPS);`,
    'a step is held when every kind answers within 250 ms at p99 (timed from its scheduled instant) with',
    "no unexpected status, timeout, failed or dropped stream, or error in the server's log. A row's instances first",
    "answer the first step's mix for a warm-up whose latencies are not judged (anything else going wrong ends the",
    "row), and a step's measured time starts a second after the streams it adds are open. The mix, per player:",
    ...describeMix(),
    'Players have bearer sessions made in the seed (a sign-in hashes a password by design), credits and an order',
    "profile; their requests share 256 keep-alive connections per instance, each with the player's own",
    'address (X-Forwarded-For, TRUST_PROXY=1). Instances are main.ts processes (LOG_LEVEL=warn). CPU: % of one',
    "core over the step, from /proc (machine: every process, others' work included, of 100 % x cores); server",
    "ms/req: the instances' and PostgreSQL's CPU time per request answered; sent late: how far behind its",
    "schedule the players' process sent (a starved generator's delay is in the latencies).",
  ].join('\n');
}

export function formatAdminReads(report: AdminReadsReport): string {
  const number = (value: number) => Math.round(value).toLocaleString('en-US');
  const stores = report.stores.flatMap((store) => {
    const name = store.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const over = store.reads.filter((read) => read.p95Ms > ADMIN_READ_BAR_MS);
    const seeded = { ...store.seeded.players, ...store.seeded.backOffice, adminLog: store.seeded.adminLog };
    return [
      '',
      `${name}: seeded in ${store.seedSeconds.toFixed(1)} s (load ${store.seedLoad.toFixed(2)}): ` +
        Object.entries(seeded)
          .map(([table, rows]) => `${table} ${number(rows)}`)
          .join(', ') +
        `; with ${store.seeded.days} days of play (${number(store.seeded.sessions)} sessions) and the demo data set.`,
      `  ${store.reads.length} reads, ${store.reads[0]?.samples ?? 0} samples each, walked in ${store.walkSeconds.toFixed(0)} s ` +
        `(load ${store.load.toFixed(2)} after); ${over.length} over ${ADMIN_READ_BAR_MS} ms` +
        (store.failures > 0 ? `; ${store.failures} failed requests, the first: ${store.firstFailure}` : '.'),
      table(
        [`  the ${report.top} slowest (p95), ${name}`, 'p50 ms', 'p95 ms', 'max ms', 'first ms'],
        store.reads
          .slice(0, report.top)
          .map((read) => [
            `  ${read.name} (${read.what})`,
            read.p50Ms.toFixed(1),
            read.p95Ms.toFixed(1),
            read.maxMs.toFixed(1),
            read.firstMs.toFixed(0),
          ]),
      ),
    ];
  });
  return [
    'Every read the back office makes (bench/admin-reads/inventory.ts) through the whole app as an admin, over real',
    'HTTP one request at a time from a process of its own: each read once (first ms: before any warm-up), three rounds',
    'of warm-up, then the measured rounds, each round every read in turn. Every read of each store is in',
    'bench-results/latest.json.',
    ...stores,
    ...(report.postgresSkipped ? ['', `PostgreSQL: ${report.postgresSkipped}.`] : []),
  ].join('\n');
}
