import type { AttestationTables } from './platform/attestation/tables';
import type { ChangeTables } from './platform/changes/tables';
import type { Stores } from './platform/db/stores';
import type { IdempotencyTables } from './platform/idempotency/tables';
import type { JobTables } from './platform/jobs/tables';
import type { MailTables } from './platform/mail/tables';
import type { PushOutboxTables } from './platform/push-transport/tables';
import type { RateLimitTables } from './platform/rate-limits/tables';

/*
 * The stores' types (docs/decisions/0053-domains-as-modules.md): each store's type is the
 * platform's tables, named here, and every domain's, which each domain's tables.ts adds by
 * declaration merging (`declare module '../database'`), so a new domain's tables join without a
 * line here (a project that type-checks some of the server's files, as tests/ does, includes every
 * tables.ts for it). This file imports no domain and nothing that runs: the stores' run-time composition,
 * which needs the list of domains, is stores.ts, which no domain imports.
 */

/**
 * The identity store: accounts, sessions, profiles (the identity domain's tables), the mail and
 * push outboxes, used captcha challenges, the job queue, the rate limits instances share and the
 * request keys of spends and claims.
 */
export interface IdentityDatabase
  extends MailTables,
    PushOutboxTables,
    AttestationTables,
    JobTables,
    ChangeTables,
    RateLimitTables,
    IdempotencyTables {}

/** One game-data store per environment (development, beta, production): the change feed and every domain's tables. */
export interface GameDatabase extends ChangeTables {}

/** Every store of the app, opened: the identity store and each environment's game-data store. */
export type AppStores = Stores<IdentityDatabase, GameDatabase>;
