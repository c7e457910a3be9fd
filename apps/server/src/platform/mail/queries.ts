import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type DataSubject, ownedRows } from '../personal-data';
import type { MailMessage } from './mailer';
import type { MailOutboxRow, MailTables, MailTransportName } from './tables';

/**
 * Any handle whose schema includes the outbox: the identity store, or a transaction on it.
 * (Transaction<DB> is a Kysely<DB>; naming it lets TypeScript infer DB from a transaction too.)
 */
export type OutboxHandle<DB extends MailTables> = Kysely<DB> | Transaction<DB>;

/**
 * Kysely handles are invariant in their schema, so a handle on the whole identity store is not a
 * `Kysely<MailTables>`. Public functions accept an OutboxHandle and narrow it here, the one place
 * that vouches the narrowing is sound (only mail_outbox is touched through it).
 */
export function outboxStore<DB extends MailTables>(db: OutboxHandle<DB>): Kysely<MailTables> {
  return db as unknown as Kysely<MailTables>;
}

/** Records a message before it goes anywhere, so none leaves without a trace; returns its id. */
export async function insertOutboxEntry(
  db: Kysely<MailTables>,
  entry: { message: MailMessage; transport: MailTransportName; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: entry.message.to,
      user_id: entry.message.userId ?? null,
      subject: entry.message.subject,
      text_body: entry.message.text,
      html_body: entry.message.html ?? null,
      transport: entry.transport,
      created_at: entry.createdAt,
      sent_at: null,
      error: null,
    })
    .execute();
  return id;
}

export async function markOutboxSent(db: Kysely<MailTables>, id: string, sentAt: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: sentAt, error: null }).where('id', '=', id).execute();
}

export async function markOutboxFailed(db: Kysely<MailTables>, id: string, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute();
}

/** The outbox newest first, optionally for one recipient: what a tester or the operator reads. */
export async function listOutbox<DB extends MailTables>(
  db: OutboxHandle<DB>,
  options: { to?: string | undefined; limit: number },
): Promise<MailOutboxRow[]> {
  let query = outboxStore(db).selectFrom('mail_outbox').selectAll();
  if (options.to !== undefined) query = query.where('to_address', '=', options.to);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/**
 * Erases a deleted player's mail: what was sent for their account, and what went to their address
 * for no account before their deletion (`ownedRows`). A new account's mail to the same address stays.
 */
export async function eraseMailOf<DB extends MailTables>(db: OutboxHandle<DB>, subject: DataSubject): Promise<void> {
  await outboxStore(db)
    .deleteFrom('mail_outbox')
    .where(
      ownedRows(subject, {
        // The transports keep the address as the sender gave it.
        names: sql<boolean>`lower(to_address) = ${subject.email}`,
        writtenAt: 'created_at',
        account: { column: 'user_id', signedOut: null },
      }),
    )
    .execute();
}
