import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** How many of the slowest files are named; the rest are summed up in one line. */
const NAMED = 30;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, at the end of a run, the test files that took longest (importing and running, as each
 * worker measured it), slowest first, so a file that grows slow shows in every run's log.
 */
export default class FileTimesReporter implements Reporter {
  #vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times = testModules
      .map((module) => {
        const { collectDuration, duration } = module.diagnostic();
        return { file: `${module.project.name}: ${module.relativeModuleId}`, ms: collectDuration + duration };
      })
      .sort((a, b) => b.ms - a.ms);
    if (times.length === 0) return;
    const total = times.reduce((sum, time) => sum + time.ms, 0);
    const width = Math.max(...times.slice(0, NAMED).map((time) => time.file.length));
    const lines = [
      '',
      `Test files by time (${times.length} files, ${seconds(total)} of file time in all):`,
      ...times.slice(0, NAMED).map((time) => `  ${time.file.padEnd(width)}  ${seconds(time.ms).padStart(8)}`),
    ];
    const rest = times.slice(NAMED);
    if (rest.length > 0) {
      const restTotal = rest.reduce((sum, time) => sum + time.ms, 0);
      lines.push(`  … ${rest.length} more, each under ${seconds(rest[0]?.ms ?? 0)}, ${seconds(restTotal)} together`);
    }
    const log = (line: string) => (this.#vitest ? this.#vitest.logger.log(line) : console.log(line));
    for (const line of lines) log(line);
  }
}
