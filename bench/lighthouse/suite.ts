import { BENCH_PATHS } from '../http/bench-routes';
import { auditPage, type FormFactor, type PageScores } from './audit';

export interface FormFactorResult {
  formFactor: FormFactor;
  home: PageScores;
  blank: PageScores;
  /** Performance of / over that of the blank page: how close the site gets to the floor. */
  performanceRatio: number | null;
}

const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];

/** Audits / and the blank baseline page of the same server, one after the other, per form factor. */
export async function runLighthouse(origin: string): Promise<FormFactorResult[]> {
  const results: FormFactorResult[] = [];
  for (const formFactor of FORM_FACTORS) {
    process.stdout.write(`  ${formFactor} ...`);
    const home = await auditPage(`${origin}/`, formFactor);
    const blank = await auditPage(`${origin}${BENCH_PATHS.blank}`, formFactor);
    const performanceRatio =
      home.performance === null || !blank.performance ? null : home.performance / blank.performance;
    process.stdout.write(` / ${home.performance ?? 'n/a'}, blank ${blank.performance ?? 'n/a'}\n`);
    results.push({ formFactor, home, blank, performanceRatio });
  }
  return results;
}
