import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_VISIT_BUDGET_GZIP_BYTES,
  formatBiggestModules,
  markersMissingFromBuild,
  measureFirstVisitBundle,
} from '../../bench/bundle/first-visit';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

describe('first visit to /', () => {
  const bundle = measureFirstVisitBundle(WEB_DIST);

  it(`downloads at most ${(FIRST_VISIT_BUDGET_GZIP_BYTES / 1024).toFixed(0)} KiB of gzipped JavaScript`, () => {
    expect(bundle.totalGzipBytes, formatBiggestModules(bundle)).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_GZIP_BYTES);
  });

  it('knows what each of its modules costs', () => {
    expect(bundle.modules.length).toBeGreaterThan(10);
    const reported = bundle.modules.reduce((sum, module) => sum + module.gzipBytes, 0);
    // Shares of each chunk's gzip size, rounded per module.
    expect(Math.abs(reported - bundle.totalGzipBytes)).toBeLessThan(bundle.totalGzipBytes * 0.05);
  });

  it('loads no story (theater) or admin code', () => {
    expect(bundle.lazyChunksLoaded).toEqual([]);
    expect(bundle.lazyMarkersFound).toEqual([]);
  });

  it('looks for story and admin text that the build really contains', () => {
    // Otherwise the check above passes vacuously; update LAZY_ONLY_MARKERS when a heading changes.
    expect(markersMissingFromBuild(WEB_DIST)).toEqual([]);
  });

  it('loads neither the data layer nor zod: live figures come after hydration', () => {
    const modules = bundle.modules.map((module) => module.module);
    expect(modules.filter((module) => /^(zod|@tanstack)\//.test(module))).toEqual([]);
    expect(modules.filter((module) => /src\/lib\/(callable|session|api)\.ts$/.test(module))).toEqual([]);
  });
});
