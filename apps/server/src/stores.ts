import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { avatarMigrations } from './avatars/migrations/index';
import type { AvatarTables } from './avatars/tables';
import { backofficeMigrations } from './backoffice/migrations/index';
import type { BackofficeTables } from './backoffice/tables';
import { betaMigrations } from './beta/migrations/index';
import type { BetaTables } from './beta/tables';
import { economyMigrations } from './economy/migrations/index';
import { rewardMigrations } from './economy/rewards/migrations/index';
import type { RewardTables } from './economy/rewards/tables';
import type { EconomyTables } from './economy/tables';
import { accountLifecycleMigrations } from './identity/lifecycle/migrations/index';
import type { AccountLifecycleTables } from './identity/lifecycle/tables';
import { identityMigrations } from './identity/migrations/index';
import { userSearchMigrations } from './identity/search/migrations/index';
import type { UserSearchTables } from './identity/search/tables';
import type { IdentityTables } from './identity/tables';
import { lightingMigrations } from './lighting/migrations/index';
import type { LightingTables } from './lighting/tables';
import { CHANGE_SOURCES } from './live';
import { moderationMigrations } from './moderation/migrations/index';
import type { ModerationTables } from './moderation/tables';
import { opsMigrations } from './ops/migrations/index';
import type { OpsTables } from './ops/tables';
import { partnerMigrations } from './partners/migrations/index';
import type { PartnerTables } from './partners/tables';
import { attestationMigrations } from './platform/attestation/migrations/index';
import type { AttestationTables } from './platform/attestation/tables';
import { changeMigrations } from './platform/changes/migrations/index';
import type { ChangeTables } from './platform/changes/tables';
import { installChangeTriggers } from './platform/changes/triggers';
import { joinMigrations, openStores, type StoreOptions, type Stores } from './platform/db/stores';
import { jobMigrations } from './platform/jobs/migrations/index';
import type { JobTables } from './platform/jobs/tables';
import { mailMigrations } from './platform/mail/migrations/index';
import type { MailTables } from './platform/mail/tables';
import { productsMigrations } from './products/migrations/index';
import type { ProductTables } from './products/tables';
import { siteMigrations } from './site/migrations/index';
import type { SiteTables } from './site/tables';
import { theaterMigrations } from './theater/migrations/index';
import type { TheaterTables } from './theater/tables';

/*
 * Where the domains' tables join (DESIGN.md §8, "Adding a domain"): each store's type is every
 * domain's tables together, and its migrations every domain's list. Domain code types its
 * handles with these (a type-only import: Kysely's handle type cannot be narrowed to one
 * domain's tables without a cast), so platform/ names no domain.
 */

/** The identity store: accounts, sessions, profiles, the mail outbox, used captcha challenges and the job queue. */
export type IdentityDatabase = IdentityTables &
  UserSearchTables &
  AccountLifecycleTables &
  MailTables &
  AttestationTables &
  JobTables &
  ChangeTables;

/** One game-data store per environment (development, beta, production). */
export type GameDatabase = ChangeTables &
  SiteTables &
  OpsTables &
  BackofficeTables &
  ProductTables &
  EconomyTables &
  TheaterTables &
  BetaTables &
  ModerationTables &
  RewardTables &
  AvatarTables &
  LightingTables &
  PartnerTables;

export type AppStores = Stores<IdentityDatabase, GameDatabase>;

const MIGRATIONS = {
  identity: joinMigrations(
    identityMigrations,
    userSearchMigrations,
    accountLifecycleMigrations,
    mailMigrations,
    attestationMigrations,
    jobMigrations,
    changeMigrations,
  ),
  game: joinMigrations(
    changeMigrations,
    siteMigrations,
    opsMigrations,
    backofficeMigrations,
    productsMigrations,
    economyMigrations,
    theaterMigrations,
    betaMigrations,
    moderationMigrations,
    rewardMigrations,
    avatarMigrations,
    lightingMigrations,
    partnerMigrations,
  ),
};

/**
 * Opens every store of the app, brings it to the latest migration, and installs the triggers of
 * the live topics' tables (every write to them records a change: see platform/changes).
 */
export async function openAppStores(options: StoreOptions): Promise<AppStores> {
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
}
