import type { IdentityTables } from '../../identity/tables';
import type { OpsTables } from '../../ops/tables';
import type { SiteTables } from '../../site/tables';
import type { AttestationTables } from '../attestation/tables';
import type { MailTables } from '../mail/tables';

/** The identity store: accounts, sessions, profiles, the mail outbox and used captcha challenges. */
export type IdentityDatabase = IdentityTables & MailTables & AttestationTables;

/** One game-data store per environment (development, beta, production). */
export type GameDatabase = SiteTables & OpsTables;
