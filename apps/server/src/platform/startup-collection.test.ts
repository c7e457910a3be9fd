import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./startup-collection.ts', import.meta.url));

/**
 * In a node of its own (`gc` exists only with --expose-gc, which Vitest's workers lack): garbage kept
 * until the young generation has moved it to the old, then dropped; answers what collectStartupGarbage
 * returned and the kinds of collection that ran during the call.
 */
function collectInNode(nodeFlags: readonly string[]) {
  const script = `
    import { PerformanceObserver } from 'node:perf_hooks';
    import { collectStartupGarbage } from ${JSON.stringify(MODULE)};
    let calledAt = Infinity;
    const kinds = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.startTime >= calledAt) kinds.push(entry.detail.kind);
    }).observe({ entryTypes: ['gc'] });
    let garbage = Array.from({ length: 300_000 }, (_, index) => ({ index, text: 'row ' + index }));
    for (let round = 0; round < 4; round++) Array.from({ length: 200_000 }, (_, index) => ({ index }));
    garbage = garbage.length;
    calledAt = performance.now();
    const collection = collectStartupGarbage();
    // The gc entries arrive after the collection.
    setTimeout(() => console.log(JSON.stringify({ collection, kinds })), 50);
  `;
  const output = execFileSync(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as {
    collection: { usedBefore: number; usedAfter: number; milliseconds: number } | null;
    kinds: number[];
  };
}

describe('collectStartupGarbage', () => {
  it('runs a full collection, freeing what the young generation had moved to the old and was dropped', () => {
    const { collection, kinds } = collectInNode(['--expose-gc']);
    // NODE_PERFORMANCE_GC_MAJOR: a young-generation collection alone would leave the old garbage.
    expect(kinds).toContain(4);
    expect(collection).not.toBeNull();
    const { usedBefore, usedAfter } = collection as { usedBefore: number; usedAfter: number };
    expect(usedBefore - usedAfter).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('answers null and collects nothing in a node started without --expose-gc', () => {
    const { collection, kinds } = collectInNode([]);
    expect(collection).toBeNull();
    expect(kinds).not.toContain(4);
  });
});
