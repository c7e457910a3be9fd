import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_LOG_ACTIONS } from '@outpost/contracts/admin-log-actions';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('testing'))
    .map((file) => join(ROOT, folder, file));
}

const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);

/**
 * Every action the server writes, found in its source: the values of its `*_ACTIONS` objects
 * and `*_ACTION` constants (server and contracts), and any action written as a literal
 * (`action: 'config.update'`, `adminLogRecord(context, 'x', …)`). A new action anywhere there
 * without a sentence in the catalogue fails the test below.
 */
function writtenActions(): Set<string> {
  const actions = new Set<string>();
  for (const file of [...sourceFiles('apps/server/src'), ...sourceFiles('packages/contracts/src')]) {
    const source = readFileSync(file, 'utf8');
    for (const [, block = ''] of source.matchAll(/const \w*_ACTIONS\s*=\s*\{([^}]*)\}/g)) {
      for (const action of quoted(block.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))) actions.add(action);
    }
    for (const [, action = ''] of source.matchAll(/const \w*_ACTION\s*=\s*'([^']+)'/g)) actions.add(action);
    if (!file.includes('contracts')) {
      for (const [, action = ''] of source.matchAll(/\baction:\s*'([^']+)'/g)) actions.add(action);
      for (const [, action = ''] of source.matchAll(/adminLogRecord\([^,]+,\s*'([^']+)'/g)) actions.add(action);
    }
  }
  return actions;
}

describe('the admin log catalogue', () => {
  const written = writtenActions();

  it('has a label and a sentence for every action the server writes, and nothing it does not', () => {
    // The scan itself works: it finds the actions of every domain.
    expect(written.size).toBeGreaterThanOrEqual(60);
    for (const action of [
      'merchOrder.ship',
      'config.update',
      'reward.distribute',
      'user.keys',
      'createRedemptionCodes',
    ]) {
      expect(written).toContain(action);
    }
    expect([...written].filter((action) => !(action in ADMIN_LOG_ACTIONS))).toEqual([]);
    expect(Object.keys(ADMIN_LOG_ACTIONS).filter((action) => !written.has(action))).toEqual([]);
  });
});
