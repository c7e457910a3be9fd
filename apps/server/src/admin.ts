import { parseArgs } from 'node:util';
import { environmentSchema } from '@outpost/contracts/environments';
import { seedDemoData } from './ops/seed';
import { ConfigError, loadConfig } from './platform/config';
import { openStores, type Stores } from './platform/db/stores';

/**
 * The operator CLI: `npm run admin -- <command> [options]`. It reads DATA_DIR / DATABASE_URL
 * like the server and works while the server runs (SQLite waits for the server's write lock).
 */
const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  migrate                 bring every store to the latest schema
  seed [--env <env>]      write the demo data set into an environment's store
                          (default: APP_ENV); safe to run again
`;

type Command = (stores: Stores, args: string[], appEnv: string) => Promise<string>;

const COMMANDS: Record<string, Command> = {
  migrate: async () => 'Every store is at the latest migration.',
  seed: async (stores, args, appEnv) => {
    const { values } = parseArgs({ args, options: { env: { type: 'string', default: appEnv } } });
    const environment = environmentSchema.safeParse(values.env);
    if (!environment.success)
      throw new UsageError(`--env must be development, beta or production (got "${values.env}")`);
    await seedDemoData(stores, environment.data);
    return `Seeded the ${environment.data} store with demo data.`;
  },
};

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(name && name !== 'help' ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
    return name && name !== 'help' ? 2 : 0;
  }
  const config = loadConfig(process.env);
  const stores = await openStores({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    process.stdout.write(`${await command(stores, args, config.appEnv)}\n`);
    return 0;
  } finally {
    await stores.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof UsageError || error instanceof TypeError;
    process.stderr.write(`${known ? (error as Error).message : String(error)}\n`);
    process.exit(known ? 2 : 1);
  },
);
