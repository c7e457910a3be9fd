import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { AppStores, GameDatabase, IdentityDatabase } from './database';
import { CHANGE_SOURCES, DOMAINS } from './domains';
import { attestationMigrations } from './platform/attestation/migrations/index';
import { changeMigrations } from './platform/changes/migrations/index';
import { installChangeTriggers } from './platform/changes/triggers';
import { joinMigrations, openStores, type StoreOptions, withStoreSetupLock } from './platform/db/stores';
import { idempotencyMigrations } from './platform/idempotency/migrations/index';
import { jobMigrations } from './platform/jobs/migrations/index';
import { mailMigrations } from './platform/mail/migrations/index';
import { pushOutboxMigrations } from './platform/push-transport/migrations/index';
import { rateLimitMigrations } from './platform/rate-limits/migrations/index';

/*
 * The stores' run-time composition (docs/decisions/0053-domains-as-modules.md): each store's migrations
 * are the platform's and every domain's in DOMAINS, and its change triggers those of the domains'
 * live topics and change sources. It needs the list of domains, so no domain imports it: their
 * handles are typed by database.ts.
 */

const migrationsOf = (store: 'identity' | 'game') =>
  DOMAINS.flatMap((domain) => {
    const migrations = domain.migrations?.[store];
    return migrations ? [migrations] : [];
  });

/** Every store's migrations: the platform's and every domain's, by name. */
export const STORE_MIGRATIONS = {
  identity: joinMigrations(
    mailMigrations,
    pushOutboxMigrations,
    attestationMigrations,
    jobMigrations,
    changeMigrations,
    rateLimitMigrations,
    idempotencyMigrations,
    ...migrationsOf('identity'),
  ),
  game: joinMigrations(changeMigrations, ...migrationsOf('game')),
};

/**
 * Opens every store of the app, brings it to the latest migration, and installs the triggers of
 * the live topics' tables (every write to them records a change: see platform/changes).
 */
export function openAppStores(options: StoreOptions): Promise<AppStores> {
  return withStoreSetupLock(options, async () => {
    const stores = await openStores<IdentityDatabase, GameDatabase>(options, STORE_MIGRATIONS);
    try {
      await installChangeTriggers(stores.identity, 'identity', CHANGE_SOURCES.identity);
      for (const environment of ENVIRONMENTS) {
        await installChangeTriggers(stores.game[environment], environment, CHANGE_SOURCES.game);
      }
    } catch (error) {
      await stores.close();
      throw error;
    }
    return stores;
  });
}
