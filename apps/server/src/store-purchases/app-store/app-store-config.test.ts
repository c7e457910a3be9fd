import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { createTestCertificateChain } from './testing/test-certificates';

/** APP_STORE_<ENV>_* as platform/config reads them: files read at start, each mistake named. */

let folder: string;
let rootDer: Buffer;
let secondRootDer: Buffer;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'app-store-config-'));
  rootDer = createTestCertificateChain('Config Test').root;
  secondRootDer = createTestCertificateChain('Second').root;
  // Apple publishes its root as DER (.cer); a PEM copy is read alike.
  writeFileSync(path.join(folder, 'AppleRootCA-G3.cer'), rootDer);
  writeFileSync(path.join(folder, 'second.pem'), new X509Certificate(secondRootDer).toString());
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(path.join(folder, 'SubscriptionKey.p8'), ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const ed = generateKeyPairSync('ed25519');
  writeFileSync(path.join(folder, 'ed25519.pem'), ed.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(folder, 'not-a-certificate.cer'), 'hello');
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const complete = (prefix: string) => ({
  [`${prefix}_BUNDLE_ID`]: 'com.outpost.game',
  [`${prefix}_ROOT_CERTIFICATES`]: 'AppleRootCA-G3.cer, second.pem',
  [`${prefix}_ISSUER_ID`]: '57246542-96fe-1a63-e053-0824d011072a',
  [`${prefix}_KEY_ID`]: '2X9R4HXF34',
  [`${prefix}_PRIVATE_KEY`]: 'SubscriptionKey.p8',
});

const configError = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env, folder);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('App Store configuration', () => {
  it('is off in every environment unless configured', () => {
    expect(loadConfig({}, folder).appStore).toEqual({ development: undefined, beta: undefined, production: undefined });
  });

  it("reads an environment's App Store: its roots as DER, its key, Sandbox's API by default outside production", () => {
    const { appStore } = loadConfig(complete('APP_STORE_BETA'), folder);
    expect(appStore.development).toBeUndefined();
    expect(appStore.beta).toMatchObject({
      bundleId: 'com.outpost.game',
      appAppleId: undefined,
      environment: 'Sandbox',
      issuerId: '57246542-96fe-1a63-e053-0824d011072a',
      keyId: '2X9R4HXF34',
      apiUrl: 'https://api.storekit-sandbox.apple.com',
      onlineChecks: true,
    });
    expect(appStore.beta?.rootCertificates).toEqual([rootDer, secondRootDer]);
    expect(appStore.beta?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it("takes the App Store's Production in production, which needs the app's Apple ID", () => {
    expect(configError(complete('APP_STORE_PRODUCTION'))).toBe(
      "Invalid configuration: APP_STORE_PRODUCTION_APP_APPLE_ID must be set for the App Store's Production",
    );
    const { appStore } = loadConfig(
      { ...complete('APP_STORE_PRODUCTION'), APP_STORE_PRODUCTION_APP_APPLE_ID: '1234567890' },
      folder,
    );
    expect(appStore.production).toMatchObject({
      environment: 'Production',
      appAppleId: 1_234_567_890,
      apiUrl: 'https://api.storekit.apple.com',
    });
  });

  it('takes a chosen environment, API host and offline checks', () => {
    const { appStore } = loadConfig(
      {
        ...complete('APP_STORE_DEVELOPMENT'),
        APP_STORE_DEVELOPMENT_ENVIRONMENT: 'Production',
        APP_STORE_DEVELOPMENT_APP_APPLE_ID: '42',
        APP_STORE_DEVELOPMENT_API_URL: 'http://127.0.0.1:9999',
        APP_STORE_DEVELOPMENT_ONLINE_CHECKS: 'false',
      },
      folder,
    );
    expect(appStore.development).toMatchObject({
      environment: 'Production',
      appAppleId: 42,
      apiUrl: 'http://127.0.0.1:9999',
      onlineChecks: false,
    });
  });

  it('names what is missing or wrong', () => {
    const { APP_STORE_BETA_KEY_ID: _key, APP_STORE_BETA_PRIVATE_KEY: _file, ...partial } = complete('APP_STORE_BETA');
    expect(configError(partial)).toBe(
      'Invalid configuration: APP_STORE_BETA_KEY_ID, APP_STORE_BETA_PRIVATE_KEY must be set when APP_STORE_BETA_BUNDLE_ID is',
    );
    const { APP_STORE_BETA_BUNDLE_ID: _bundle, ...unnamed } = complete('APP_STORE_BETA');
    expect(configError(unnamed)).toMatch(/^Invalid configuration: APP_STORE_BETA_BUNDLE_ID must be set with the other/);
    expect(configError({ ...complete('APP_STORE_BETA'), APP_STORE_BETA_KEY_ID: 'short' })).toBe(
      `Invalid configuration: APP_STORE_BETA_KEY_ID must be the in-app purchase key's 10-character Key ID from App Store Connect (got "short")`,
    );
    expect(configError({ ...complete('APP_STORE_BETA'), APP_STORE_BETA_ENVIRONMENT: 'sandbox' })).toMatch(
      /APP_STORE_BETA_ENVIRONMENT must be Sandbox or Production/,
    );
    expect(configError({ ...complete('APP_STORE_BETA'), APP_STORE_BETA_PRIVATE_KEY: 'ed25519.pem' })).toMatch(
      /APP_STORE_BETA_PRIVATE_KEY: .*ed25519\.pem is not an in-app purchase key \(an EC P-256 \.p8 file\)$/,
    );
    expect(configError({ ...complete('APP_STORE_BETA'), APP_STORE_BETA_PRIVATE_KEY: 'missing.p8' })).toMatch(
      /APP_STORE_BETA_PRIVATE_KEY: .*missing\.p8 is not a readable private key/,
    );
    expect(
      configError({ ...complete('APP_STORE_BETA'), APP_STORE_BETA_ROOT_CERTIFICATES: 'not-a-certificate.cer' }),
    ).toMatch(/APP_STORE_BETA_ROOT_CERTIFICATES: .*not-a-certificate\.cer is not a readable certificate/);
  });
});
