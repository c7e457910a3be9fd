import type { AppConfig } from '../app-config';
import { createAppStoreVerifier } from './app-store/app-store-verifier';
import { createGooglePlayVerifier } from './google-play/google-play-verifier';
import type { StoreVerifiers } from './routes';

/** APP_ENV's verifier of each game store, from its configuration; undefined where it is not configured. */
export function storeVerifiersOf(config: Pick<AppConfig, 'appEnv' | 'appStore' | 'googlePlay'>): StoreVerifiers {
  const appStore = config.appStore[config.appEnv];
  const googlePlay = config.googlePlay[config.appEnv];
  return {
    'app-store': appStore && createAppStoreVerifier(appStore),
    'google-play': googlePlay && createGooglePlayVerifier(googlePlay),
  };
}
