import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environmentSchema } from '@outpost/contracts/environments';
import type { AppStores } from './database';
import { PERSONAL_DATA_PARTS } from './domains';
import { AccountError, createAccount, parseKeys, setKeysByEmail } from './identity/accounts';
import { type AuthLogger, createAuth, DEFAULT_AUTH_RATE_LIMITS } from './identity/auth';
import {
  AccountGoneError,
  DELETION_SWEEP_GRACE_MS,
  DeletionBlockedError,
  deleteAccount,
  exportAccountData,
  sweepDeletions,
} from './identity/lifecycle/deletion';
import { findUserIdByEmail, listUsers } from './identity/queries';
import { type Config, ConfigError, loadConfig } from './platform/config';
import { checkDataDir, DataDirError } from './platform/data-dir';
import { BackupError, type BackupManifest, backupStores, restoreStores } from './platform/db/backup';
import { createMailer } from './platform/mail/mailer';
import { resolveAuthSecret } from './platform/secrets';
import { createFileStore, localFileRoot } from './platform/storage/create-file-store';
import { seedDemoData } from './seed';
import { openAppStores } from './stores';

/**
 * The operator CLI: `npm run admin -- <command> [options]`. It reads DATA_DIR / DATABASE_URL
 * like the server and works while the server runs (SQLite waits for the server's write lock).
 */
const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email <e> --password <p> --display-name <n> [--keys admin,staff]
                          create an account with its profile (how the first admin is made)
  set-keys --email <e> --keys <k1,k2>
                          replace an account's keys (admin, staff, moderator, partner);
                          --keys "" removes them all
  list-users [--key <k>]  list accounts, or only those holding a key
  export-account --email <e> [--out <file>]
                          write everything kept about an account as JSON (to the file, or
                          to stdout); recorded in APP_ENV's admin log
  delete-account --email <e>
                          delete an account as its player can from /account: sessions end,
                          personal data goes, records others rely on stay anonymous; also
                          finishes earlier deletions whose grace period has passed
  migrate                 bring every store to the latest schema
  seed [--env <env>]      write the demo data set into an environment's store
                          (default: APP_ENV); safe to run again
  backup --out <dir>      write a backup of every store and of the local file store's
                          uploads into a new folder; safe while the server runs
                          (PostgreSQL: through pg_dump)
  restore --from <dir>    replace every store and the local uploads with a backup; stop
                          the server first (PostgreSQL: pg_restore and psql, in one
                          transaction)
`;

type Command = (stores: AppStores, args: string[], config: Config) => Promise<string>;

const quiet: AuthLogger = { debug() {}, info() {}, warn() {}, error() {} };

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} is required.`);
  return value;
}

const COMMANDS: Record<string, Command> = {
  'create-user': async (stores, args, config) => {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'display-name': { type: 'string' },
        keys: { type: 'string', default: '' },
      },
    });
    const mailer = createMailer({ identity: stores.identity, from: config.mailFrom, logger: quiet });
    const auth = createAuth({
      identity: stores.identity,
      dialect: stores.dialect,
      secret: resolveAuthSecret(config),
      publicUrl: config.publicUrl,
      production: config.appEnv === 'production',
      mailer,
      logger: quiet,
      rateLimits: DEFAULT_AUTH_RATE_LIMITS,
      autoSignIn: false,
    });
    const email = required(values, 'email').trim().toLowerCase();
    const keys = parseKeys(values.keys ?? '');
    await createAccount(auth, stores.identity, {
      email,
      password: required(values, 'password'),
      displayName: required(values, 'display-name'),
      keys,
    });
    await mailer.close();
    return `Created ${email}${keys.length ? ` with keys ${keys.join(', ')}` : ''}.`;
  },
  'set-keys': async (stores, args) => {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, keys: { type: 'string' } } });
    const email = required(values, 'email').trim().toLowerCase();
    const keys = parseKeys(required(values, 'keys'));
    await setKeysByEmail(stores.identity, email, keys);
    return `${email} now has ${keys.length ? `keys ${keys.join(', ')}` : 'no keys'}.`;
  },
  'list-users': async (stores, args) => {
    const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
    const users = await listUsers(stores.identity, values.key ? { key: values.key } : {});
    if (users.length === 0) return values.key ? `No account holds the key ${values.key}.` : 'No accounts yet.';
    return users
      .map((user) =>
        [user.email, user.displayName ? `@${user.displayName}` : '(no profile)', user.keys.join(',') || '-'].join('\t'),
      )
      .join('\n');
  },
  'export-account': async (stores, args, config) => {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, out: { type: 'string' } } });
    const userId = await accountByEmail(stores, required(values, 'email'));
    const exported = await exportAccountData(accountData(stores, config), userId, { kind: 'operator' });
    const json = `${JSON.stringify(exported, null, 2)}\n`;
    if (!values.out) return json.trimEnd();
    fs.writeFileSync(values.out, json, { mode: 0o600 });
    return `Wrote the data of ${exported.account.email} to ${values.out}.`;
  },
  'delete-account': async (stores, args, config) => {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    const email = required(values, 'email').trim().toLowerCase();
    const data = accountData(stores, config);
    const swept = await sweepDeletions(data);
    const userId = await accountByEmail(stores, email);
    const anonymousId = await deleteAccount(data, userId, { kind: 'operator' });
    const earlier = swept > 0 ? ` Finished ${swept} earlier deletion${swept === 1 ? '' : 's'} too.` : '';
    return `Deleted ${email}; what others rely on now names ${anonymousId}. The server sweeps it once more after ${DELETION_SWEEP_GRACE_MS / 60_000} minutes.${earlier}`;
  },
  migrate: async () => 'Every store is at the latest migration.',
  backup: async (stores, args, config) => {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
    const out = path.resolve(required(values, 'out'));
    const manifest = await backupStores(backupTarget(stores, config), out);
    return `Backed up ${describeBackup(manifest)} to ${out}.`;
  },
  restore: async (stores, args, config) => {
    const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
    const from = path.resolve(required(values, 'from'));
    const manifest = await restoreStores(backupTarget(stores, config), from);
    return `Restored ${describeBackup(manifest)} from the backup of ${manifest.createdAt}. Start the server: it brings the stores to the latest migration.`;
  },
  seed: async (stores, args, config) => {
    const { values } = parseArgs({ args, options: { env: { type: 'string', default: config.appEnv } } });
    const environment = environmentSchema.safeParse(values.env);
    if (!environment.success)
      throw new UsageError(`--env must be development, beta or production (got "${values.env}")`);
    const files = createFileStore(config);
    try {
      await seedDemoData(stores, environment.data, { files });
    } finally {
      await files.close();
    }
    return `Seeded the ${environment.data} store with demo data.`;
  },
};

class UsageError extends Error {}

function backupTarget(stores: AppStores, config: Config) {
  return { stores, dataDir: config.dataDir, fileRoot: localFileRoot(config) };
}

function describeBackup(manifest: BackupManifest): string {
  const kind = manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const files = manifest.files === null ? '' : ` and ${manifest.files} uploaded file${manifest.files === 1 ? '' : 's'}`;
  return `the ${kind} stores ${manifest.stores.join(', ')}${files}`;
}

/** What deletions and downloads read and write; the CLI records them in APP_ENV's admin log. */
function accountData(stores: AppStores, config: Config) {
  return { identity: stores.identity, game: stores.game, parts: PERSONAL_DATA_PARTS, logEnvironment: config.appEnv };
}

async function accountByEmail(stores: AppStores, email: string): Promise<string> {
  const userId = await findUserIdByEmail(stores.identity, email.trim().toLowerCase());
  if (!userId) throw new AccountError(`No account uses ${email}.`);
  return userId;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(name && name !== 'help' ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
    return name && name !== 'help' ? 2 : 0;
  }
  const config = loadConfig(process.env);
  checkDataDir(config);
  const stores = await openAppStores({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schemaPrefix: config.databaseSchemaPrefix,
  });
  try {
    process.stdout.write(`${await command(stores, args, config)}\n`);
    return 0;
  } finally {
    await stores.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DataDirError ||
      error instanceof UsageError ||
      error instanceof AccountError ||
      error instanceof AccountGoneError ||
      error instanceof DeletionBlockedError ||
      error instanceof BackupError ||
      error instanceof TypeError;
    process.stderr.write(`${known ? (error as Error).message : String(error)}\n`);
    process.exit(known ? 2 : 1);
  },
);
