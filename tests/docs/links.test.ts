import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the code's sources are: every file a comment of which may cite the docs. */
const SOURCE_FOLDERS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'tests', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|css)$/;

/** Folders no source of ours is in. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (!entry.isDirectory()) return keep(entry.name) ? [relative] : [];
    return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(relative, keep);
  });
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The anchors a markdown file's headings get on GitHub: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of withoutCode(read(file)).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The text with fenced blocks and code spans blanked: a link shown as code is no link. */
function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every inline link and image target of a markdown file, and its reference definitions' targets. */
function linkTargets(file: string): string[] {
  const text = withoutCode(read(file));
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1] ?? '');
  return [...inline, ...references];
}

/** Why `target`, as written in `file`, leads nowhere; undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#');
  const resolved = pathPart === '' ? file : path.join(path.dirname(file), decodeURI(pathPart));
  if (!fs.existsSync(path.join(ROOT, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined || !resolved.endsWith('.md')) return undefined;
  return anchorsOf(resolved).has(anchor) ? undefined : `${target}: no heading of ${resolved} has the anchor #${anchor}`;
}

/*
 * The repository's documents point at each other, and the code's comments point at them: the
 * product reference's sections, the architecture's, and one decision record each. Nothing of it
 * may point outside the repository or at a file or section that moved, so a rename of a doc, a
 * decision or a heading fails here with every place that still names the old one.
 */
describe("the docs' links", () => {
  const documents = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

  it('resolve, from README.md and every markdown file of docs/, to a file and, with an anchor, to its heading', () => {
    const broken = documents.flatMap((file) =>
      linkTargets(file).flatMap((target) => {
        const why = brokenLink(file, target);
        return why === undefined ? [] : [`${file}: ${why}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('are found: the check reads the links the docs hold', () => {
    expect(linkTargets('docs/README.md').length).toBeGreaterThan(5);
    expect(anchorsOf('docs/product.md').has('71-product-functions')).toBe(true);
    expect(brokenLink('docs/README.md', 'architecture.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('docs/README.md', 'decisions/0000-nothing.md')).toMatch(/no file/);
  });
});

describe("the code's citations of the docs", () => {
  const sources = SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder, (name) => SOURCE_FILE.test(name)));
  sources.push('biome.json');
  const productSections = new Set(
    [...read('docs/product.md').matchAll(/^#{2,3} (\d+(?:\.\d+)?)[. ]/gm)].map((match) => match[1]),
  );
  const architectureSections = new Set(
    [...read('docs/architecture.md').matchAll(/^## (\d+)\. /gm)].map((match) => match[1]),
  );

  it('name docs that exist, and sections of docs/product.md and docs/architecture.md that exist', () => {
    const broken: string[] = [];
    for (const file of sources) {
      for (const [line, text] of read(file).split('\n').entries()) {
        const where = `${file}:${line + 1}`;
        for (const [doc = ''] of text.matchAll(/\bdocs\/[\w/-]+\.md\b/g)) {
          if (!fs.existsSync(path.join(ROOT, doc))) broken.push(`${where}: no file ${doc}`);
        }
        for (const [, doc, list = ''] of text.matchAll(/\bdocs\/(product|architecture)\.md((?: §\d+(?:\.\d+)?,?)+)/g)) {
          const known = doc === 'product' ? productSections : architectureSections;
          for (const [, section = ''] of list.matchAll(/§(\d+(?:\.\d+)?)/g)) {
            if (!known.has(section)) broken.push(`${where}: docs/${doc}.md has no §${section}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
    expect(productSections.has('7.1')).toBe(true);
    expect(architectureSections.has('4')).toBe(true);
  });

  it('cite nothing outside the repository: no outside spec section, no old design file, no issue number', () => {
    const outside = [/\bspec['’]?s? §\d/i, /\bDESIGN(?:\.md)?\b/, /\bissues? \d/i];
    const files = [...sources, 'README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((text, line) =>
          outside.some((pattern) => pattern.test(text)) ? [`${file}:${line + 1}: ${text.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
