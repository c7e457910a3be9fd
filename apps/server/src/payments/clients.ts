import type { Environment } from '@outpost/contracts/environments';
import type { Config } from '../platform/config';
import { PayPalClient } from './paypal/paypal-client';
import { StripeClient } from './stripe/stripe-client';

/** Every environment's PayPal and Stripe clients; undefined where the provider is not configured. */
export interface PaymentClients {
  paypal: Record<Environment, PayPalClient | undefined>;
  stripe: Record<Environment, StripeClient | undefined>;
}

declare module '../domain' {
  interface DomainServices {
    /** Every environment's PayPal and Stripe clients, where configured: the app builds them once for the domains that sell. */
    payments: PaymentClients;
  }
}

/** A provider's client for each environment where it is configured. */
function clientsOf<Settings, Client>(
  settings: Record<Environment, Settings | undefined>,
  create: (settings: Settings) => Client,
): Record<Environment, Client | undefined> {
  const one = (environment: Environment) => {
    const configured = settings[environment];
    return configured === undefined ? undefined : create(configured);
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

export function createPaymentClients(config: Pick<Config, 'paypal' | 'stripe'>): PaymentClients {
  return {
    paypal: clientsOf(config.paypal, (settings) => new PayPalClient(settings)),
    stripe: clientsOf(config.stripe, (settings) => new StripeClient(settings)),
  };
}

/** APP_ENV's PayPal, when configured: the server's client and the id the JS buttons load with. */
export function playersPayPal(
  config: Pick<Config, 'paypal' | 'appEnv'>,
  clients: PaymentClients,
): { api: PayPalClient; clientId: string } | undefined {
  const settings = config.paypal[config.appEnv];
  const api = clients.paypal[config.appEnv];
  return settings && api && { api, clientId: settings.clientId };
}
