import type { CspSources } from '../../platform/http/security-headers';

/**
 * What pages must allow for PayPal's JS buttons, the hosts PayPal's CSP guidance lists (its
 * script, the buttons' frames, their calls and images). Its suggested 'unsafe-inline' is not
 * added: the buttons render inside PayPal's own frames, and inline script stays refused here.
 */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

export const PAYPAL_CSP_SOURCES: CspSources = {
  'script-src': PAYPAL_HOSTS,
  'frame-src': PAYPAL_HOSTS,
  'connect-src': PAYPAL_HOSTS,
  'img-src': PAYPAL_HOSTS,
  'style-src': PAYPAL_HOSTS,
};
