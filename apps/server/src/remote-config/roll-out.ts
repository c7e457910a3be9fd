import { isDeepStrictEqual } from 'node:util';
import type { RemoteConfigTemplate, RemoteConfigValue } from '@outpost/contracts/remote-config/schemas';
import type { Transaction } from 'kysely';
import type { AdminChange } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { ParameterUseCheck } from '../domain';
import { FunctionError } from '../platform/http/errors';
import { checkRemoteConfigTemplate } from './check-template';
import { diffRemoteConfig, isEmptyDiff } from './diff';
import {
  currentVersion,
  holdLiveVersion,
  type PublishedVersion,
  parseTemplate,
  publishDraftIn,
  readDraft,
  saveDraftIn,
} from './queries';

/** The parameter is in no published version any more. */
export class ParameterGoneError extends Error {
  constructor(readonly key: string) {
    super(`The live remote config has no parameter ${key}.`);
  }
}

/** The template with `value` as the parameter's default value, where it has the parameter. */
const withDefault = (template: RemoteConfigTemplate, key: string, value: RemoteConfigValue): RemoteConfigTemplate => ({
  ...template,
  parameters: template.parameters.map((one) => (one.key === key ? { ...one, defaultValue: value } : one)),
});

/** Whether the template still passes remote config's checks (a draft may have changed the parameter's type). */
function passes(template: RemoteConfigTemplate): boolean {
  try {
    checkRemoteConfigTemplate(template);
    return true;
  } catch (error) {
    if (error instanceof FunctionError) return false;
    throw error;
  }
}

/**
 * Makes `value` the default value of the live parameter `key` (its conditional values stay), as an
 * admin would, by remote config's own functions and with their own admin-log entries: the live
 * version with the new value saved as the draft and published as the next version. A draft holding
 * unpublished work is not published along with it: it is put back after the publish, with the new
 * value too where it still passes the checks, so the work goes on as it was. All in the caller's
 * transaction `trx`, so the caller's own write stands or falls with it: a refused save or publish
 * (409 when someone saved or published meanwhile, or when it breaks one of `uses`) throws, and the rollback of `trx` leaves the
 * draft, the versions and the caller's rows as they were.
 * Answers null when the value is the default already (nothing to publish).
 */
export async function rollOutParameterValue(
  trx: Transaction<GameDatabase>,
  input: { key: string; value: RemoteConfigValue; description: string },
  change: AdminChange,
  uses: readonly ParameterUseCheck[],
): Promise<PublishedVersion | null> {
  // Held before the live version is read, so the publish below is of the version read here.
  await holdLiveVersion(trx);
  const current = await currentVersion(trx);
  const draft = await readDraft(trx);
  const live = current ? parseTemplate(current.template) : null;
  const parameter = live?.parameters.find((one) => one.key === input.key);
  if (!live || !parameter) throw new ParameterGoneError(input.key);
  if (isDeepStrictEqual(parameter.defaultValue, input.value)) return null;
  const rolledOut = withDefault(live, input.key, input.value);
  const work = isEmptyDiff(diffRemoteConfig(live, draft.template)) ? null : draft.template;
  const saved = await saveDraftIn(trx, rolledOut, draft.revision, change);
  const published = await publishDraftIn(trx, { description: input.description, revision: saved }, change, uses);
  if (work) {
    const kept = withDefault(work, input.key, input.value);
    await saveDraftIn(trx, passes(kept) ? kept : work, saved, change);
  }
  return published;
}
