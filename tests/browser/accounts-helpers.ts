import type { Page } from 'playwright-core';
import { findUserIdByEmail, setProfileKeys } from '../../apps/server/src/identity/queries';
import type { Site } from './harness';

export interface Account {
  displayName: string;
  email: string;
  password: string;
}

let counter = 0;
/** A new account's details, unique within the test run. */
export function newAccount(prefix: string): Account {
  counter += 1;
  const tag = `${prefix}${counter}${Date.now().toString(36).slice(-4)}`;
  return { displayName: tag, email: `${tag}@example.com`, password: `pw-${tag}-secret` };
}

/** Signs up through the real form and waits until the bar shows the new name. */
export async function signUpThroughUi(page: Page, site: Site, account: Account): Promise<void> {
  await page.goto(`${site.url}/login?mode=signup`);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Display name').fill(account.displayName);
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByLabel('Password').fill(account.password);
  await panel.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('banner').getByText(`@${account.displayName}`).waitFor();
}

/** Logs in through the real form (from wherever the page is, e.g. with a ?next=). */
export async function logInThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByLabel('Password').fill(account.password);
  await panel.getByRole('button', { name: 'Log in' }).click();
}

/** Gives an account profile keys directly in the identity store, as the operator CLI would. */
export async function grantKeys(site: Site, email: string, keys: readonly string[]): Promise<void> {
  const identity = site.server.stores.identity;
  const userId = await findUserIdByEmail(identity, email);
  if (!userId || !(await setProfileKeys(identity, userId, keys))) throw new Error(`No profile for ${email}`);
}
