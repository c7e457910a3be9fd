import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOMAINS } from './domains';

const SRC = import.meta.dirname;
const ROOT = path.resolve(SRC, '../../..');
/** Folders of src/ that are no domain: the platform, and the tests' helpers. */
const NOT_DOMAINS = new Set(['platform', 'testing']);

describe('the list of domains', () => {
  const folders = fs
    .readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_DOMAINS.has(entry.name))
    .map((entry) => entry.name)
    .sort();

  it('has every domain folder once, by its folder name, each with its module.ts', () => {
    expect(DOMAINS.map((domain) => domain.name).sort()).toEqual(folders);
    for (const folder of folders) expect(fs.existsSync(path.join(SRC, folder, 'module.ts')), folder).toBe(true);
  });
});

/*
 * docs/architecture.md lists every domain in one line, in a table between the markers
 * `<!-- domains:start -->` and `<!-- domains:end -->`: its name, its folder, what it holds. The
 * names are compared with DOMAINS' in order (the order the demo rows are written, which the table
 * keeps), so a domain added, removed, renamed or moved in the list without the docs fails here.
 */
describe("the architecture's list of domains", () => {
  const ARCHITECTURE = path.join(ROOT, 'docs/architecture.md');

  /** The table's rows as their cells (backticks dropped), header and separator left out. */
  function documentedDomains(): string[][] {
    const text = fs.readFileSync(ARCHITECTURE, 'utf8');
    const table = /<!-- domains:start -->\n([\s\S]*?)<!-- domains:end -->/.exec(text)?.[1];
    if (table === undefined) {
      throw new Error('docs/architecture.md has no table between <!-- domains:start --> and <!-- domains:end -->');
    }
    return table
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim().replaceAll('`', '')),
      );
  }

  it("names DOMAINS' names in DOMAINS' order, each with its folder and a line on what it holds", () => {
    const rows = documentedDomains();
    expect(rows.map(([name]) => name)).toEqual(DOMAINS.map((domain) => domain.name));
    for (const [name, folder, holds] of rows) {
      expect(folder, name).toBe(`apps/server/src/${name}/`);
      expect(holds ?? '', name).not.toBe('');
    }
  });
});

/*
 * The import rule (docs/decisions/0054-the-import-rule.md) is the repository's biome.json: probe
 * files in a scratch tree laid out like src/ are linted with it, so the test fails when the rule is
 * lost or lets a wrong import through, not only when today's code breaks it.
 */
describe('the import rule', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-import-rule-'));
  fs.copyFileSync(path.join(ROOT, 'biome.json'), path.join(scratch, 'biome.json'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  /** The imports of a probe file at `file` (under apps/server/src) that the rule refuses. */
  function refused(file: string, imports: readonly string[]): string[] {
    const at = path.join(scratch, 'apps/server/src', file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    const names = imports.map((_, index) => `x${index}`);
    const lines = imports.map((from, index) => `import { ${names[index]} } from '${from}';`);
    fs.writeFileSync(at, `${lines.join('\n')}\n\nexport const all = [${names.join(', ')}];\n`);
    const result = spawnSync(
      path.join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--reporter=github', '--only=style/noRestrictedImports', at],
      { cwd: scratch, encoding: 'utf8' },
    );
    // One line per finding: `::error title=lint/style/noRestrictedImports,file=…,line=<n>,…::<message>`.
    return [...result.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,.*?,line=(\d+),/gm)].map(
      ([, line]) => imports[Number(line) - 1] ?? `line ${line}`,
    );
  }

  it("lets a domain import the platform, other domains' index, and the types of database.ts and domain.ts", () => {
    expect(
      refused('merch/probe.ts', [
        '../platform/http/errors',
        '../ledger/index',
        '../database',
        '../domain',
        './merch-orders',
        './migrations/index',
      ]),
    ).toEqual([]);
    expect(refused('identity/lifecycle/probe.ts', ['../queries', '../../backoffice/index', '../../database'])).toEqual(
      [],
    );
  });

  it("refuses a domain another domain's files, its module, and the composition root, at any depth", () => {
    const wrong = [
      '../shop/pack-and-spin-orders',
      '../shop/module',
      '../domains',
      '../app',
      '../seed',
      '../stores',
      '../server',
      '../payments/stripe/checkout-api',
    ];
    expect(refused('merch/probe.ts', wrong)).toEqual(wrong);
    const deeper = ['../../shop/pack-and-spin-orders', '../../domains', '../../stores'];
    expect(refused('identity/lifecycle/probe.ts', deeper)).toEqual(deeper);
    expect(
      refused('identity/lifecycle/migrations/probe.ts', ['../../../merch/index', '../../../merch/merch-orders']),
    ).toEqual(['../../../merch/merch-orders']);
  });

  it("keeps the contract and the stores' types free of the domains and of the composition root", () => {
    const neutral = ['./platform/jobs/runner', './database', './app-config'];
    const wrong = ['./shop/index', './shop/tables', './backoffice/dashboard', './app', './domains', './stores'];
    expect(refused('domain.ts', [...neutral, ...wrong])).toEqual(wrong);
    expect(refused('app-config.ts', ['./platform/config', './identity/index', './app'])).toEqual([
      './identity/index',
      './app',
    ]);
    // A domain's tables join the stores' types from its own tables.ts (declaration merging): database.ts names the platform's only.
    const platform = ['./platform/jobs/tables', './platform/db/stores'];
    const domains = [
      './shop/tables',
      './identity/lifecycle/tables',
      './shop/index',
      './domains',
      './stores',
      './domain',
    ];
    expect(refused('database.ts', [...platform, ...domains])).toEqual(domains);
  });

  it('refuses the platform anything outside itself', () => {
    const outside = ['../../shop/index', '../../stores', '../../database', '../../domain'];
    expect(refused('platform/http/probe.ts', [...outside, '../db/dialect'])).toEqual(outside);
    expect(refused('platform/probe.ts', ['../merch/index', './db/dialect'])).toEqual(['../merch/index']);
  });

  it('leaves tests and their helpers free to set up state through internals', () => {
    expect(refused('merch/probe.test.ts', ['../shop/pack-and-spin-orders'])).toEqual([]);
    expect(refused('merch/testing.ts', ['../identity/testing'])).toEqual([]);
  });
});
