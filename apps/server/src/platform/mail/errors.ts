/** The message was refused before anything was stored or sent: the caller passed bad input. */
export class InvalidMailError extends Error {
  override readonly name = 'InvalidMailError';
}

/** The SMTP server could not be reached or did not take the message; its outbox row records why. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
}
