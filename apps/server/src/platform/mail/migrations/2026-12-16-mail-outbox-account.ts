import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // The account a message was sent for: a deletion erases that account's mail by it, and leaves a
  // new account's mail to the same address alone.
  await db.schema.alterTable('mail_outbox').addColumn('user_id', 'text').execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_user_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('user_id').execute();
}
