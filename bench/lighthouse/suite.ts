import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PATHS } from '../http/bench-routes';
import { decided, median, type TargetResult, type TargetSpec } from '../targets';
import { auditPage, type FormFactor, type PageScores } from './audit';

export interface FormFactorResult {
  formFactor: FormFactor;
  /** The audits of the median round (by / minus blank), shown in the tables. */
  home: PageScores;
  blank: PageScores;
  /** Performance of / over that of the blank page: how close the site gets to the floor. */
  performanceRatio: number | null;
  /** Performance of / and of the blank page in each back-to-back round. */
  rounds: { home: number | null; blank: number | null }[];
}

const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];
/**
 * Rounds of (/, blank) per form factor; the verdicts use their median. A score moves by a few
 * points between runs of the same page on a busy machine, which is the size of the mobile bar.
 */
export const LIGHTHOUSE_ROUNDS = 3;
/** Mobile: / within this many points of the blank page audited in the same round. */
const MOBILE_POINTS = 3;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Lighthouse needs Chromium. Like `npm test`, install Debian's when it is missing and we may
 * (scripts/ensure-chromium.sh: as root with apt-get; otherwise it says how); CHROME_PATH overrides.
 */
export function ensureChromium(): void {
  if (fs.existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) return;
  const result = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('No Chromium for Lighthouse (see above), or BENCH_SKIP_LIGHTHOUSE=1.');
}

/** Audits / and the blank baseline page of the same server, back to back, per form factor. */
export async function runLighthouse(origin: string): Promise<FormFactorResult[]> {
  ensureChromium();
  const results: FormFactorResult[] = [];
  for (const formFactor of FORM_FACTORS) {
    process.stdout.write(`  ${formFactor} (${LIGHTHOUSE_ROUNDS} rounds of / then blank) ...`);
    const audits: { home: PageScores; blank: PageScores }[] = [];
    for (let round = 0; round < LIGHTHOUSE_ROUNDS; round += 1) {
      const home = await auditPage(`${origin}/`, formFactor);
      const blank = await auditPage(`${origin}${BENCH_PATHS.blank}`, formFactor);
      audits.push({ home, blank });
      process.stdout.write(` ${home.performance ?? 'n/a'}/${blank.performance ?? 'n/a'}`);
    }
    process.stdout.write('\n');
    // The round whose gap is the median gap stands for the form factor.
    const gap = (audit: { home: PageScores; blank: PageScores }) =>
      (audit.home.performance ?? Number.NEGATIVE_INFINITY) - (audit.blank.performance ?? 0);
    const sorted = [...audits].sort((a, b) => gap(a) - gap(b));
    const chosen = sorted[Math.floor(sorted.length / 2)] ?? audits[0];
    if (!chosen) throw new Error('No Lighthouse round ran.');
    const { home, blank } = chosen;
    const performanceRatio =
      home.performance === null || !blank.performance ? null : home.performance / blank.performance;
    results.push({
      formFactor,
      home,
      blank,
      performanceRatio,
      rounds: audits.map((audit) => ({ home: audit.home.performance, blank: audit.blank.performance })),
    });
  }
  return results;
}

const roundsText = (result: FormFactorResult) =>
  result.rounds.map((round) => `${round.home ?? 'n/a'}/${round.blank ?? 'n/a'}`).join(' ');

/** The Lighthouse targets: mobile within 3 points of the blank page, desktop 100. */
export const LIGHTHOUSE_TARGETS = {
  mobile: { name: 'Lighthouse performance of /, mobile', requirement: `>= blank page - ${MOBILE_POINTS} (same run)` },
  desktop: { name: 'Lighthouse performance of /, desktop', requirement: '= 100' },
} as const satisfies Record<FormFactor, TargetSpec>;

export function lighthouseTargets(results: readonly FormFactorResult[]): TargetResult[] {
  const targets: TargetResult[] = [];
  const mobile = results.find((result) => result.formFactor === 'mobile');
  if (mobile) {
    const gaps = mobile.rounds.map((round) => (round.home ?? Number.NaN) - (round.blank ?? Number.NaN));
    const gap = median(gaps);
    targets.push(
      decided(
        LIGHTHOUSE_TARGETS.mobile.name,
        LIGHTHOUSE_TARGETS.mobile.requirement,
        gap >= -MOBILE_POINTS,
        `${gap >= 0 ? '+' : ''}${gap} points against the blank page (median; rounds of / and blank: ${roundsText(mobile)})`,
        gap,
        -MOBILE_POINTS,
      ),
    );
  }
  const desktop = results.find((result) => result.formFactor === 'desktop');
  if (desktop) {
    const score = median(desktop.rounds.map((round) => round.home ?? Number.NaN));
    targets.push(
      decided(
        LIGHTHOUSE_TARGETS.desktop.name,
        LIGHTHOUSE_TARGETS.desktop.requirement,
        score >= 100,
        `${score} (median; rounds of / and blank: ${roundsText(desktop)})`,
        score,
        100,
      ),
    );
  }
  return targets;
}
