import { displayNameSchema } from '@outpost/contracts/identity';
import { PROFILE_KEYS } from '@outpost/contracts/permissions';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { IdentityDatabase } from '../database';
import type { Auth } from './auth';
import { findUserIdByEmail, insertProfile, isDisplayNameTaken, setProfileKeys } from './queries';

/** A mistake in what the operator asked for; its message says how to fix it. */
export class AccountError extends Error {}

/** Keys must be the meaningful ones (docs/product.md §3.2), so a typo cannot silently grant nothing. */
export function parseKeys(list: string): string[] {
  const keys = list
    .split(',')
    .map((key) => key.trim().toLowerCase())
    .filter(Boolean);
  const unknown = keys.find((key) => !(PROFILE_KEYS as readonly string[]).includes(key));
  if (unknown) throw new AccountError(`Unknown key "${unknown}"; use ${PROFILE_KEYS.join(', ')}.`);
  return [...new Set(keys)];
}

/** Creates an account with its profile and keys, as sign-up and register would. */
export async function createAccount(
  auth: Auth,
  identity: Kysely<IdentityDatabase>,
  account: { email: string; password: string; displayName: string; keys: string[] },
): Promise<string> {
  const displayName = z.safeParse(displayNameSchema, account.displayName);
  if (!displayName.success) throw new AccountError(displayName.error.issues[0]?.message ?? 'Invalid display name.');
  if (await findUserIdByEmail(identity, account.email)) {
    throw new AccountError(`An account already uses ${account.email}.`);
  }
  // Checked first, so a taken name leaves no account behind without its profile and keys.
  if (await isDisplayNameTaken(identity, displayName.data)) {
    throw new AccountError(`The display name "${displayName.data}" is taken; choose another.`);
  }
  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: { email: account.email, password: account.password, name: displayName.data },
    });
    userId = created.user.id;
  } catch (error) {
    const message = (error as { body?: { message?: string } }).body?.message ?? String(error);
    throw new AccountError(`The account could not be created: ${message}`);
  }
  const outcome = await insertProfile(identity, {
    userId,
    displayName: displayName.data,
    keys: account.keys,
    created: new Date().toISOString(),
  });
  if (outcome === 'name-taken') {
    throw new AccountError(
      `The account was created, but the display name "${displayName.data}" is taken; the player can pick one when signing in.`,
    );
  }
  return userId;
}

export async function setKeysByEmail(identity: Kysely<IdentityDatabase>, email: string, keys: string[]) {
  const userId = await findUserIdByEmail(identity, email);
  if (!userId) throw new AccountError(`No account uses ${email}.`);
  if (!(await setProfileKeys(identity, userId, keys))) {
    throw new AccountError(`${email} has no profile yet; it gets one when the player picks a display name.`);
  }
}
