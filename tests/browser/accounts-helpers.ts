import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findUserIdByEmail, setProfileKeys } from '../../apps/server/src/identity/queries';
import { openPage, type Site } from './harness';

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

export interface RoleSession {
  context: BrowserContext;
  page: Page;
}

/**
 * One desktop page per role for a test file, each signed up through the real form as a new account
 * and given its role's key by the operator ('player' gets none); closed after the file. Sessions and
 * accounts are filled in before the file's own `beforeAll` runs, when called before it.
 */
export function useRoleSessions<const Role extends string>(
  fixture: { site: Site; browser: Browser },
  roles: readonly Role[],
): { sessions: Record<Role, RoleSession>; accounts: Record<Role, Account> } {
  const sessions = {} as Record<Role, RoleSession>;
  const accounts = {} as Record<Role, Account>;
  beforeAll(async () => {
    for (const role of roles) {
      accounts[role] = newAccount(role.slice(0, 4));
      const session = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
      // A step that waits in vain fails with its locator, well before the test's own timeout.
      session.context.setDefaultTimeout(8_000);
      await signUpThroughUi(session.page, fixture.site, accounts[role]);
      if (role !== 'player') await grantKeys(fixture.site, accounts[role].email, [role]);
      sessions[role] = session;
    }
  });
  afterAll(async () => {
    for (const role of roles) await sessions[role]?.context.close();
  });
  return { sessions, accounts };
}
