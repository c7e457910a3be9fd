import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * `npm run new-domain -- <name>`: writes a working domain the way the codebase builds one
 * (docs/decisions/0124-a-new-domain-in-one-command.md): the server folder, its contracts and its
 * screens from the templates beside this file, then one line in each package's registry. The
 * templates are whole files with the name's spellings as tokens, so they read as the code they
 * write; `.ci/run` generates one into a scratch copy and runs its lint, type check and tests.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATES = path.join(HERE, 'templates');

/** Names the app's routes, folders or tables already use, whichever folder they are in. */
const TAKEN = new Set([
  'admin',
  'api',
  'app',
  'components',
  'lib',
  'platform',
  'testing',
  'assets',
  'healthz',
  'readyz',
]);

export interface Spellings {
  kebab: string;
  snake: string;
  camel: string;
  Pascal: string;
  CONST: string;
  words: string;
  Words: string;
  date: string;
}

export function spellingsOf(name: string, date: string): Spellings {
  const parts = name.split('-');
  const cap = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);
  const words = parts.join(' ');
  return {
    kebab: name,
    snake: parts.join('_'),
    camel: parts[0] + parts.slice(1).map(cap).join(''),
    Pascal: parts.map(cap).join(''),
    CONST: parts.join('_').toUpperCase(),
    words,
    Words: cap(words),
    date,
  };
}

const fill = (text: string, spellings: Spellings) =>
  text.replace(/__(kebab|snake|camel|Pascal|CONST|words|Words|date)__/g, (_, key: keyof Spellings) => spellings[key]);

/** Where each package's templates go: the new domain's folders. */
const TARGETS = {
  server: (s: Spellings) => `apps/server/src/${s.kebab}`,
  contracts: (s: Spellings) => `packages/contracts/src/${s.kebab}`,
  web: (s: Spellings) => `apps/web/src/features/${s.kebab}`,
} as const;

/** The one line each package's registry takes, and where it goes. */
function registryLines(s: Spellings): { file: string; line: string; place: (text: string) => number }[] {
  return [
    {
      file: 'apps/server/src/domains.ts',
      line: `  import('./${s.kebab}/module'),`,
      // Last in the list: a new domain's rows name nothing of the others'.
      place: (text) => text.search(/^\]\);$/m),
    },
    {
      file: 'packages/contracts/src/domain-contracts.ts',
      line: `export { ${s.camel}Contract } from './${s.kebab}/contract';`,
      place: sortedExportPlace(`./${s.kebab}/contract`),
    },
    {
      file: 'apps/web/src/app/domain-screens.ts',
      line: `export { ${s.camel}Screens } from '../features/${s.kebab}/screens';`,
      place: sortedExportPlace(`../features/${s.kebab}/screens`),
    },
  ];
}

/**
 * Where a registry's re-export of `source` goes: among the others in the order of their sources, as
 * Biome sorts them, and before the `export {}` that keeps an empty registry a module.
 */
function sortedExportPlace(source: string) {
  return (text: string): number => {
    for (const match of text.matchAll(/^export (\{ \w+ \} from '([^']+)'|\{\});$/gm)) {
      const other = match[2];
      if (other === undefined || other > source) return match.index;
    }
    return -1;
  };
}

function refusal(name: string, root: string): string | undefined {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    return `"${name}" is not a domain name: lower-case words of letters and digits joined by '-' (say, leaderboards).`;
  }
  if (TAKEN.has(name)) return `"${name}" is taken by the app itself; pick another name.`;
  const spellings = spellingsOf(name, '');
  for (const target of Object.values(TARGETS)) {
    const folder = path.join(root, target(spellings));
    if (fs.existsSync(folder)) return `${path.relative(root, folder)} already exists: the domain "${name}" is there.`;
  }
  const contract = (file: string) => fs.readFileSync(path.join(root, 'packages/contracts/src', file), 'utf8');
  if (contract('routes.ts').includes(`'/${name}`))
    return `The web app already has a page at /${name}; pick another name.`;
  if (new RegExp(`[ /]/api/(admin/:env/)?${name}[/']`).test(contract('api.ts'))) {
    return `The API already has routes at /api/${name}; pick another name.`;
  }
  if (new RegExp(`^  '?${name}'?: \\{`, 'm').test(contract('live-topics.ts'))) {
    return `A live topic is already called "${name}"; pick another name.`;
  }
  return undefined;
}

function* templateFiles(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* templateFiles(full);
    else if (entry.name.endsWith('.tpl')) yield full;
  }
}

/** Writes the domain `name` into the checkout at `root`; answers the files written and the files given a line. */
export function writeDomain(root: string, name: string, date: string): { written: string[]; edited: string[] } {
  const problem = refusal(name, root);
  if (problem) throw new Error(problem);
  const spellings = spellingsOf(name, date);
  const written: string[] = [];
  for (const [pkg, target] of Object.entries(TARGETS)) {
    const from = path.join(TEMPLATES, pkg);
    for (const template of templateFiles(from)) {
      const relative = fill(path.relative(from, template), spellings).replace(/\.tpl$/, '');
      const to = path.join(root, target(spellings), relative);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, fill(fs.readFileSync(template, 'utf8'), spellings));
      written.push(path.relative(root, to));
    }
  }
  const edited: string[] = [];
  for (const { file, line, place } of registryLines(spellings)) {
    const full = path.join(root, file);
    const text = fs.readFileSync(full, 'utf8');
    const at = place(text);
    if (at < 0) throw new Error(`${file} has changed shape: the generator cannot find where its line goes.`);
    fs.writeFileSync(full, `${text.slice(0, at)}${line}\n${text.slice(at)}`);
    edited.push(file);
  }
  return { written, edited };
}

function main(): void {
  const args = process.argv.slice(2);
  const name = args.find((arg) => !arg.startsWith('--'));
  const rootFlag = args.indexOf('--root');
  const root = path.resolve(rootFlag >= 0 ? (args[rootFlag + 1] ?? '.') : path.join(HERE, '../..'));
  if (!name) {
    console.error('Usage: npm run new-domain -- <name>   (say, npm run new-domain -- leaderboards)');
    process.exit(2);
  }
  const today = new Date().toISOString().slice(0, 10);
  let result: { written: string[]; edited: string[] };
  try {
    result = writeDomain(root, name, today);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // The templates' lines are as long as the name makes them: Biome lays them out as the rest of the
  // code (the registries' lines are written as Biome has them, and it would drop their `export {}`).
  const biome = path.join(root, 'node_modules/.bin/biome');
  execFileSync(biome, ['check', '--write', ...result.written], { cwd: root, stdio: 'inherit' });
  const { kebab } = spellingsOf(name, today);
  console.log(`
Wrote the domain "${kebab}" (${result.written.length} files) and one line in each of:
  ${result.edited.join('\n  ')}

Next:
  - Add its row to the domain table of docs/architecture.md: what it holds, in one line
    (apps/server/src/domains.test.ts fails until you do).
  - Run its tests: npx vitest run apps/server/src/${kebab}
  - Open http://localhost:3000/${kebab} and /admin/${kebab} after npm start.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
