import { describe, expect, it } from 'vitest';
import { type BenchRun, benchmarksPage, pageRows } from './benchmarks-page';
import type { TargetResult } from './targets';

const run = (startedAt: string, sections: string[]): BenchRun => ({
  startedAt,
  finishedAt: startedAt.replace(/T(\d\d):/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}:`),
  machine: '2 × Test CPU, 24 GiB, Node.js v24.0.0, load 1.00 at the start and 1.20 at the end',
  sections,
  postgres: false,
});

const target = (name: string, verdict: TargetResult['verdict'], figure: string): TargetResult => ({
  name,
  requirement: 'p95 <= 20 ms',
  verdict,
  figure,
});

/** A page as a run of every section wrote it before each row kept its own measurement. */
const WHOLE_RUN_PAGE = `# Benchmarks

## The latest whole run

Run 2026-11-29 22:07–22:30 UTC on 2 × AMD EPYC, 24 GiB, Node.js v20.20.2, load 1.98 at the start and 3.08 at the end;
sections: bundle, http; with PostgreSQL.

| verdict | target | bar | figure |
|---|---|---|---|
| PASS | live stats, SQLite | p95 <= 20 ms | 9.21 ms (p50 0.81) |
| FAIL | push, SQLite | <= 1.25 x the plain client's time | 1.35 \\| 1.40 |
`;

describe('the benchmarks page', () => {
  it('writes the targets a run measured and keeps the last measurement of those it skipped', () => {
    const page = benchmarksPage(
      WHOLE_RUN_PAGE,
      [
        target('live stats, SQLite', 'PASS', '8.50 ms (p50 0.70)'),
        {
          ...target('push, SQLite', 'SKIPPED', 'skipped (push section not run)'),
          requirement: "<= 1.25 x the plain client's time",
        },
        target('capacity, SQLite', 'SKIPPED', 'skipped (capacity section not run)'),
      ],
      run('2026-12-06T04:00:00.000Z', ['game-data']),
    );
    const rows = pageRows(page);
    expect(rows.get('live stats, SQLite')).toMatchObject({
      verdict: 'PASS',
      figure: '8.50 ms (p50 0.70)',
      measured: expect.stringMatching(/^2026-12-06 04:00 UTC on 2 × Test CPU/),
    });
    expect(rows.get('push, SQLite')).toEqual({
      verdict: 'FAIL',
      name: 'push, SQLite',
      requirement: "<= 1.25 x the plain client's time",
      figure: '1.35 | 1.40',
      measured:
        '2026-11-29 22:07 UTC on 2 × AMD EPYC, 24 GiB, Node.js v20.20.2, load 1.98 at the start and 3.08 at the end',
    });
    expect(rows.get('capacity, SQLite')).toMatchObject({ verdict: 'SKIPPED', measured: '' });
    expect([...rows.keys()]).toEqual(['live stats, SQLite', 'push, SQLite', 'capacity, SQLite']);
    expect(page).toContain('The last run: sections game-data, 2026-12-06 04:00–05:00 UTC; without PostgreSQL.');
  });

  it('reads back what it wrote, so the next run keeps it', () => {
    const first = benchmarksPage(
      '',
      [target('push, SQLite', 'FAIL', '1.35 | 1.40 (load 0.7)')],
      run('2026-12-06T04:00:00.000Z', ['push']),
    );
    const second = benchmarksPage(
      first,
      [target('push, SQLite', 'SKIPPED', 'skipped (push section not run)')],
      run('2026-12-06T05:00:00.000Z', ['http']),
    );
    expect(pageRows(second).get('push, SQLite')).toEqual(pageRows(first).get('push, SQLite'));
    expect(pageRows(second).get('push, SQLite')?.figure).toBe('1.35 | 1.40 (load 0.7)');
  });

  it('takes a target measured at another size as the same row, and keeps it under the name it was measured with', () => {
    const push = (devices: string, verdict: TargetResult['verdict'], figure: string) =>
      target(`a push to ${devices} devices, SQLite`, verdict, figure);
    const first = benchmarksPage('', [push('100,000', 'FAIL', '1.38 x')], run('2026-12-05T04:00:00.000Z', ['push']));
    const smaller = benchmarksPage(
      first,
      [push('20,000', 'PASS', '1.10 x')],
      run('2026-12-06T04:00:00.000Z', ['push']),
    );
    expect([...pageRows(smaller).values()].map((row) => [row.name, row.figure])).toEqual([
      ['a push to 20,000 devices, SQLite', '1.10 x'],
    ]);
    const skipped = benchmarksPage(
      smaller,
      [push('100,000', 'SKIPPED', 'skipped (push section not run)')],
      run('2026-12-07T04:00:00.000Z', ['http']),
    );
    expect([...pageRows(skipped).values()]).toEqual([
      expect.objectContaining({ name: 'a push to 20,000 devices, SQLite', verdict: 'PASS', figure: '1.10 x' }),
    ]);
    expect(() =>
      benchmarksPage(
        '',
        [push('1', 'PASS', '1 x'), push('2', 'PASS', '1 x')],
        run('2026-12-07T04:00:00.000Z', ['push']),
      ),
    ).toThrow('Two targets are told apart by a number alone: a push to # devices, SQLite');
  });

  it('says which bar a kept verdict was against when the bar has changed since', () => {
    const first = benchmarksPage(
      '',
      [{ ...target('streams, SQLite', 'PASS', 'p99 258.6 ms'), requirement: 'p99 <= 250 ms' }],
      run('2026-12-05T04:00:00.000Z', ['live']),
    );
    const skippedAgainst = (previous: string, requirement: string) =>
      benchmarksPage(
        previous,
        [{ ...target('streams, SQLite', 'SKIPPED', 'skipped (live section not run)'), requirement }],
        run('2026-12-06T04:00:00.000Z', ['http']),
      );
    const second = skippedAgainst(first, 'p99 <= 500 ms');
    const third = skippedAgainst(second, 'p99 <= 400 ms');
    expect(pageRows(second).get('streams, SQLite')).toMatchObject({
      verdict: 'PASS (against p99 <= 250 ms)',
      requirement: 'p99 <= 500 ms',
      figure: 'p99 258.6 ms',
    });
    // The row was measured against the first bar, whichever bars came between.
    expect(pageRows(third).get('streams, SQLite')).toMatchObject({
      verdict: 'PASS (against p99 <= 250 ms)',
      requirement: 'p99 <= 400 ms',
    });
  });

  it('reads only the figures under their heading, whatever the line endings', () => {
    const page = benchmarksPage(
      '',
      [target('push, SQLite', 'FAIL', 'two\nlines')],
      run('2026-12-06T04:00:00.000Z', ['push']),
    );
    const withIntroTable = page.replace('## The latest figures', '| not | a | target | row |\n\n## The latest figures');
    const rows = pageRows(withIntroTable.replaceAll('\n', '\r\n'));
    expect([...rows.keys()]).toEqual(['push, SQLite']);
    expect(rows.get('push, SQLite')).toMatchObject({
      figure: 'two lines',
      measured: expect.stringMatching(/^2026-12-06/),
    });
  });
});
