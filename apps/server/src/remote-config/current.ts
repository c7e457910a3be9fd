import type { RemoteConfigParameter } from '@outpost/contracts/remote-config/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { currentVersion, holdLiveVersion, parseTemplate } from './queries';

/**
 * A parameter of the version players get now, or null when no version has it (or none is
 * published): what an experiment tests must be live (experiments/queries.ts). The live version is
 * held to the caller's commit (holdLiveVersion), so a publish cannot change the parameter between
 * this read and the caller's write, and then sees what the caller wrote.
 */
export async function liveParameter(db: Kysely<GameDatabase>, key: string): Promise<RemoteConfigParameter | null> {
  await holdLiveVersion(db);
  const current = await currentVersion(db);
  if (!current) return null;
  return parseTemplate(current.template).parameters.find((parameter) => parameter.key === key) ?? null;
}
