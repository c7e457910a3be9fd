/** What the attestation endpoints and the enforcement check answer, word for word. */
export const ATTESTATION_MESSAGES = {
  malformedCaptcha: 'captchaToken is not an ALTCHA payload: send base64 of {challenge, solution}.',
  captchaRejected: 'The captcha solution was not accepted.',
  captchaExpired: 'The captcha challenge has expired; request a new one.',
  captchaReplayed: 'This captcha solution was already used.',
  debugRejected: 'The debug token was not accepted.',
  debugInProduction: 'Debug tokens are not accepted in production.',
  tokenRequired: 'A valid attestation token is required.',
} as const;
