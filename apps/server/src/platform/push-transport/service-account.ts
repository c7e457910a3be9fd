import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';

/** What the FCM adapter needs of a Google service account's JSON key file. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  /** PEM, PKCS#8, as Google issues it. */
  privateKey: string;
  /** Where the account's OAuth2 access tokens come from (Google's, or a test server's). */
  tokenUri: string;
}

/**
 * Reads and checks a service-account key file, so a wrong path or a truncated download stops the
 * start instead of the first push. Messages name the file and the field, never the key.
 */
export function readServiceAccount(file: string): ServiceAccount {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`cannot read the service-account file ${file} (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the service-account file ${file} is not JSON (download the key from the Firebase console again)`);
  }
  if (typeof json !== 'object' || json === null)
    throw new Error(`the service-account file ${file} is not a JSON object`);
  const fields = json as Record<string, unknown>;
  if (fields.type !== 'service_account') {
    throw new Error(`the file ${file} is not a service-account key (its "type" must be "service_account")`);
  }
  const field = (name: string): string => {
    const value = fields[name];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(`the service-account file ${file} has no "${name}"`);
    }
    return value;
  };
  const account = {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUri: field('token_uri'),
  };
  try {
    createPrivateKey(account.privateKey);
  } catch {
    throw new Error(`the "private_key" of the service-account file ${file} is not a PEM private key`);
  }
  if (!/^https?:\/\//.test(account.tokenUri) || !URL.canParse(account.tokenUri)) {
    throw new Error(`the "token_uri" of the service-account file ${file} is not an http(s) URL`);
  }
  return account;
}
