import type { AvatarTables } from './avatars/tables';
import type { BackofficeTables } from './backoffice/tables';
import type { BetaTables } from './beta/tables';
import type { ClaimCodeTables } from './claim-codes/tables';
import type { GameDataTables } from './game-data/tables';
import type { AccountLifecycleTables } from './identity/lifecycle/tables';
import type { UserSearchTables } from './identity/search/tables';
import type { IdentityTables } from './identity/tables';
import type { ItemTables } from './items/tables';
import type { LedgerTables } from './ledger/tables';
import type { LightingTables } from './lighting/tables';
import type { MerchTables } from './merch/tables';
import type { ModerationTables } from './moderation/tables';
import type { OpsTables } from './ops/tables';
import type { PartnerTables } from './partners/tables';
import type { PaymentTables } from './payments/tables';
import type { AttestationTables } from './platform/attestation/tables';
import type { ChangeTables } from './platform/changes/tables';
import type { Stores } from './platform/db/stores';
import type { IdempotencyTables } from './platform/idempotency/tables';
import type { JobTables } from './platform/jobs/tables';
import type { MailTables } from './platform/mail/tables';
import type { PushOutboxTables } from './platform/push-transport/tables';
import type { RateLimitTables } from './platform/rate-limits/tables';
import type { ProductTables } from './products/tables';
import type { PushTables } from './push/tables';
import type { RewardTables } from './rewards/tables';
import type { ShopTables } from './shop/tables';
import type { SiteTables } from './site/tables';
import type { TheaterTables } from './theater/tables';

/*
 * The stores' types (docs/decisions/0053-domains-as-modules.md): each store's type is every domain's
 * tables together. Domain code types its handles with these, so this file imports the tables.ts
 * files alone (which import nothing of the app) and nothing that runs: the stores' run-time
 * composition, which needs the list of domains, is stores.ts, which no domain imports. The types
 * are the one list written out by hand: a type cannot be gathered from a runtime list without each
 * domain's tables being a value, and Kysely's handle type cannot be narrowed to one domain's
 * tables without a cast.
 */

/**
 * The identity store: accounts, sessions, profiles, the mail and push outboxes, used captcha
 * challenges, the job queue, the rate limits instances share and the request keys of spends and claims.
 */
export type IdentityDatabase = IdentityTables &
  UserSearchTables &
  AccountLifecycleTables &
  MailTables &
  PushOutboxTables &
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
  PushTables &
  AvatarTables &
  LightingTables &
  PartnerTables;

/** Every store of the app, opened: the identity store and each environment's game-data store. */
export type AppStores = Stores<IdentityDatabase, GameDatabase>;
