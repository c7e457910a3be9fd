/**
 * The targets, each decided in this run: PASS, FAIL, or SKIPPED with the reason (a section not
 * run, no PostgreSQL). run.ts prints them together at the end and writes them to
 * bench-results/latest.json and, after a run of every section, to docs/benchmarks.md.
 */
export type Verdict = 'PASS' | 'FAIL' | 'SKIPPED';

export interface TargetResult {
  /** What is measured, e.g. "GET /healthz through buildApp". */
  name: string;
  /** The bar, e.g. ">= 0.8 x bare route". */
  requirement: string;
  verdict: Verdict;
  /** The figure the verdict was decided on, e.g. "0.86 (median of pairs 0.85 0.86 0.90)", or why it was skipped. */
  figure: string;
  /** The figure's number and its bar, for the JSON file; absent when skipped. */
  value?: number;
  threshold?: number;
}

/** A target's name and bar, before it is decided. */
export interface TargetSpec {
  name: string;
  requirement: string;
}

/** A target this run could not decide: SKIPPED (its section was not asked for, no PostgreSQL) or FAIL (an error). */
export function unmeasured(spec: TargetSpec, reason: string, verdict: 'SKIPPED' | 'FAIL' = 'SKIPPED'): TargetResult {
  return { ...spec, verdict, figure: reason };
}

export function decided(
  name: string,
  requirement: string,
  pass: boolean,
  figure: string,
  value: number,
  threshold: number,
): TargetResult {
  return { name, requirement, verdict: pass ? 'PASS' : 'FAIL', figure, value, threshold };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
