import type { Selectable } from 'kysely';

/** How a message left the app: written to the outbox (and the log) only, or handed to an SMTP server. */
export type MailTransportName = 'outbox' | 'smtp';

/**
 * Every message the app sends, whatever the transport: on a single-machine install this table is
 * the mailbox itself; with SMTP it is the record of what was attempted and how it ended.
 */
export interface MailOutboxTable {
  /** Random id, also logged, so a log line and its row can be matched. */
  id: string;
  to_address: string;
  /** The account the message was sent for (a password reset's, a drop subscriber's); null for none. */
  user_id: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  transport: MailTransportName;
  /** ISO-8601 text, like every timestamp in the stores (portable across both dialects). */
  created_at: string;
  /** When the SMTP server accepted the message; null for outbox rows (the outbox is their destination) and failures. */
  sent_at: string | null;
  /** Why the SMTP server did not take the message; null otherwise. */
  error: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
