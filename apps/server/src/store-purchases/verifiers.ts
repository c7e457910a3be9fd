import type { AppConfig } from '../app-config';
import type { StoreVerifiers } from './routes';

/**
 * APP_ENV's verifier of each game store, from its configuration; undefined where it is not
 * configured. Each store's client library (Google's is large) loads only where its store is set up,
 * so an app without the stores, and every test app, starts without them.
 */
export async function storeVerifiersOf(
  config: Pick<AppConfig, 'appEnv' | 'appStore' | 'googlePlay'>,
): Promise<StoreVerifiers> {
  const appStore = config.appStore[config.appEnv];
  const googlePlay = config.googlePlay[config.appEnv];
  return {
    'app-store': appStore && (await import('./app-store/app-store-verifier')).createAppStoreVerifier(appStore),
    'google-play':
      googlePlay && (await import('./google-play/google-play-verifier')).createGooglePlayVerifier(googlePlay),
  };
}
