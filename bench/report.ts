import type { FirstVisitBundle } from './bundle/first-visit';
import type { HttpReport } from './http/suite';
import type { FormFactorResult } from './lighthouse/suite';

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  // First column left-aligned (names), the rest right-aligned (numbers).
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)));
  return [header, ...rows].map((cells) => line(cells).join('   ')).join('\n');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const score = (value: number | null) => (value === null ? 'n/a' : String(value));

export function formatHttp(report: HttpReport): string {
  const rows = report.rows.map((row) => [
    row.name,
    Math.round(row.requestsPerSecond).toLocaleString('en-US'),
    row.p99Ms.toFixed(2),
    row.ratioToBare.toFixed(2),
    row.serverCpuMicrosPerRequest.toFixed(1),
    String(row.failures),
  ]);
  const { target } = report;
  return [
    table(['benchmark', 'req/s', 'p99 ms', 'x bare', 'server CPU µs/req', 'failures'], rows),
    "/healthz and signup: the whole app (buildApp). Reads and stock transactions: the app's stores",
    'behind a minimal Fastify configured like the bare one, so x bare is the data path alone.',
    '',
    `TARGET ${target.description}: ${target.pass ? 'PASS' : 'FAIL'} (${target.ratio.toFixed(2)}, median of back-to-back pairs ${target.pairRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
  ].join('\n');
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
    table(['performance', '/', 'blank', '/ : blank'], performance),
    '',
    table(['/ (information)', 'accessibility', 'best practices', 'SEO'], others),
    '',
    table(['/ lab metrics', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'], metrics),
  ].join('\n');
}
