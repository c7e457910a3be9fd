import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { AvatarTables } from './avatars/tables';
import type { BackofficeTables } from './backoffice/tables';
import type { BetaTables } from './beta/tables';
import type { ClaimCodeTables } from './claim-codes/tables';
import { CHANGE_SOURCES, DOMAINS } from './domains';
import type { GameDataTables } from './game-data/tables';
import type { AccountLifecycleTables } from './identity/lifecycle/tables';
import type { UserSearchTables } from './identity/search/tables';
import type { IdentityTables } from './identity/tables';
import type { ItemTables } from './items/tables';
import type { LedgerTables } from './ledger/tables';
import type { LightingTables } from './lighting/tables';
import type { MerchTables } from './merch/tables';
import type { ModerationTables } from './moderation/tables';
import type { NotificationTables } from './notifications/tables';
import type { OpsTables } from './ops/tables';
import type { PartnerTables } from './partners/tables';
import type { PaymentTables } from './payments/tables';
import { attestationMigrations } from './platform/attestation/migrations/index';
import type { AttestationTables } from './platform/attestation/tables';
import { changeMigrations } from './platform/changes/migrations/index';
import type { ChangeTables } from './platform/changes/tables';
import { installChangeTriggers } from './platform/changes/triggers';
import { joinMigrations, openStores, type StoreOptions, type Stores, withStoreSetupLock } from './platform/db/stores';
import { idempotencyMigrations } from './platform/idempotency/migrations/index';
import type { IdempotencyTables } from './platform/idempotency/tables';
import { jobMigrations } from './platform/jobs/migrations/index';
import type { JobTables } from './platform/jobs/tables';
import { mailMigrations } from './platform/mail/migrations/index';
import type { MailTables } from './platform/mail/tables';
import { pushMigrations } from './platform/push/migrations/index';
import type { PushTables } from './platform/push/tables';
import { rateLimitMigrations } from './platform/rate-limits/migrations/index';
import type { RateLimitTables } from './platform/rate-limits/tables';
import type { ProductTables } from './products/tables';
import type { PushDeviceTables } from './push/tables';
import type { RewardTables } from './rewards/tables';
import type { ShopTables } from './shop/tables';
import type { SiteTables } from './site/tables';
import type { TheaterTables } from './theater/tables';

/*
 * Where the domains' tables join (DESIGN.md §8, "Domains as modules"): each store's type is every
 * domain's tables together, and its migrations the platform's and every domain's in DOMAINS.
 * The types are the one list written out by hand: a type cannot be gathered from a runtime list
 * without each domain's tables being a value, and Kysely's handle type cannot be narrowed to one
 * domain's tables without a cast. Domain code types its handles with these (a type-only import),
 * so platform/ names no domain.
 */

/**
 * The identity store: accounts, sessions, profiles, the mail and push outboxes, used captcha
 * challenges, the job queue, the rate limits instances share and the request keys of spends and claims.
 */
export type IdentityDatabase = IdentityTables &
  UserSearchTables &
  AccountLifecycleTables &
  MailTables &
  PushTables &
  AttestationTables &
  JobTables &
  ChangeTables &
  RateLimitTables &
  IdempotencyTables;

/** One game-data store per environment (development, beta, production). */
export type GameDatabase = ChangeTables &
  SiteTables &
  OpsTables &
  BackofficeTables &
  ProductTables &
  LedgerTables &
  ItemTables &
  ClaimCodeTables &
  PaymentTables &
  ShopTables &
  MerchTables &
  GameDataTables &
  TheaterTables &
  BetaTables &
  ModerationTables &
  RewardTables &
  NotificationTables &
  PushDeviceTables &
  AvatarTables &
  LightingTables &
  PartnerTables;

export type AppStores = Stores<IdentityDatabase, GameDatabase>;

const migrationsOf = (store: 'identity' | 'game') =>
  DOMAINS.flatMap((domain) => {
    const migrations = domain.migrations?.[store];
    return migrations ? [migrations] : [];
  });

const MIGRATIONS = {
  identity: joinMigrations(
    mailMigrations,
    pushMigrations,
    attestationMigrations,
    jobMigrations,
    changeMigrations,
    rateLimitMigrations,
    idempotencyMigrations,
    ...migrationsOf('identity'),
  ),
  game: joinMigrations(changeMigrations, ...migrationsOf('game')),
};

/** The names of every store's migrations: what a migrated database holds (tests keep a migrated template by them). */
export const STORE_MIGRATION_NAMES: Readonly<Record<'identity' | 'game', readonly string[]>> = {
  identity: Object.keys(MIGRATIONS.identity).sort(),
  game: Object.keys(MIGRATIONS.game).sort(),
};

/**
 * Opens every store of the app, brings it to the latest migration, and installs the triggers of
 * the live topics' tables (every write to them records a change: see platform/changes).
 */
export function openAppStores(options: StoreOptions): Promise<AppStores> {
  return withStoreSetupLock(options, async () => {
    const stores = await openStores<IdentityDatabase, GameDatabase>(options, MIGRATIONS);
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
