import { InvalidMailError } from './errors';
import type { MailMessage } from './mailer';

// A CR or LF in a header value would let its author start a header of their own (Bcc, a second
// body...): refused outright rather than escaped, because no legitimate address or subject has one.
const LINE_BREAK = /[\r\n]/;
// One bare address: something@something, with nothing that would make the transport read a list
// ("a@x, b@y") or a display name, so a user-supplied address can never add recipients.
const SINGLE_ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+$/;
// RFC 5321's limit on a forward path.
const MAX_ADDRESS_LENGTH = 254;

export function assertSendable(message: MailMessage): void {
  if (LINE_BREAK.test(message.to) || LINE_BREAK.test(message.subject)) {
    throw new InvalidMailError('Mail refused: the recipient or subject contains a line break (header injection)');
  }
  if (message.to.length === 0 || message.to.length > MAX_ADDRESS_LENGTH || !SINGLE_ADDRESS.test(message.to)) {
    throw new InvalidMailError(`Mail refused: "${message.to}" is not a single email address`);
  }
}

/** The configured sender may carry a display name ("Outpost <noreply@…>"), so it is only checked for sense. */
export function assertValidSender(from: string): void {
  if (LINE_BREAK.test(from) || !from.includes('@')) {
    throw new InvalidMailError(`Mail sender "${from}" must be an address on one line`);
  }
}
