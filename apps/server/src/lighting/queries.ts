import {
  GUEST_OWNER,
  LIGHTING_PRESETS_PER_OWNER,
  LIGHTING_SHARED_LIST_MAX,
  type LightingPreset,
  type LightingPresetInput,
  type LightingPresetList,
  OUTPOST_OWNER,
} from '@outpost/contracts/lighting';
import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../database';
import { newRandomID } from '../platform/random-id';
import type { LightingPresetRow } from './tables';

/*
 * Lighting presets. Every call names the owner it acts as: the signed-in player's user id, or 'guest' for a
 * visitor (docs/product.md §6.3). Nobody reads another owner's private presets, and nobody changes another
 * owner's presets at all.
 */

/** The preset is not there, or it is another owner's private one (which is not told apart). */
export class PresetNotFoundError extends Error {
  constructor(readonly presetID: string) {
    super(`There is no lighting preset ${presetID}.`);
  }
}

/** The preset is another owner's public one: the viewer sees it, but it is not theirs to change. */
export class PresetNotYoursError extends Error {
  constructor(readonly presetID: string) {
    super(`Lighting preset ${presetID} belongs to someone else.`);
  }
}

/** The owner already keeps LIGHTING_PRESETS_PER_OWNER presets. */
export class PresetLimitError extends Error {
  constructor(readonly owner: string) {
    super(`${owner} keeps ${LIGHTING_PRESETS_PER_OWNER} lighting presets already.`);
  }
}

/** The owner as the viewer may see it: their own id, or the shared owners' names, never another player's id. */
function shownOwner(owner: string, viewerOwner: string): string | null {
  return owner === viewerOwner || owner === GUEST_OWNER || owner === OUTPOST_OWNER ? owner : null;
}

function toPreset(row: LightingPresetRow, viewerOwner: string): LightingPreset {
  return {
    presetID: row.preset_id,
    name: row.name,
    settings: {
      timeOfDay: Number(row.time_of_day),
      sunIntensity: Number(row.sun_intensity),
      ambient: Number(row.ambient),
      fogDensity: Number(row.fog_density),
      tint: row.tint,
    },
    public: Number(row.public) === 1,
    owner: shownOwner(row.owner, viewerOwner),
    created: row.created,
    updated: row.updated,
    editable: row.owner === viewerOwner,
  };
}

/** The columns a preset's input writes. */
function presetColumns(input: LightingPresetInput) {
  const { settings } = input;
  return {
    name: input.name,
    public: input.public ? 1 : 0,
    time_of_day: settings.timeOfDay,
    sun_intensity: settings.sunIntensity,
    ambient: settings.ambient,
    fog_density: settings.fogDensity,
    tint: settings.tint,
  };
}

/** The owner's presets by name, and others' public presets, most recently changed first. */
export async function listLightingPresets(db: Kysely<GameDatabase>, owner: string): Promise<LightingPresetList> {
  const [mine, shared] = await Promise.all([
    db
      .selectFrom('lighting_presets')
      .selectAll()
      .where('owner', '=', owner)
      .orderBy(sql`lower(name)`)
      .orderBy('preset_id')
      .execute(),
    db
      .selectFrom('lighting_presets')
      .selectAll()
      .where('public', '=', 1)
      .where('owner', '<>', owner)
      .orderBy('updated', 'desc')
      .orderBy('preset_id')
      .limit(LIGHTING_SHARED_LIST_MAX)
      .execute(),
  ]);
  return { mine: mine.map((row) => toPreset(row, owner)), shared: shared.map((row) => toPreset(row, owner)) };
}

/**
 * Creates a preset with a new random id. The owner's count moves first, with `UPDATE … WHERE
 * preset_count < cap`: the row lock orders concurrent creates and PostgreSQL re-checks the
 * condition on the row the one before committed, so however many race, the owner never keeps
 * more than the cap.
 */
export async function createLightingPreset(
  db: Kysely<GameDatabase>,
  create: { owner: string; input: LightingPresetInput; now: Date },
): Promise<LightingPreset> {
  const { owner, now } = create;
  const row: LightingPresetRow = {
    preset_id: newRandomID(),
    owner,
    ...presetColumns(create.input),
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lighting_preset_owners')
      .values({ owner, preset_count: 0 })
      .onConflict((conflict) => conflict.column('owner').doNothing())
      .execute();
    const counted = await trx
      .updateTable('lighting_preset_owners')
      .set((eb) => ({ preset_count: eb('preset_count', '+', 1) }))
      .where('owner', '=', owner)
      .where('preset_count', '<', LIGHTING_PRESETS_PER_OWNER)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) throw new PresetLimitError(owner);
    await trx.insertInto('lighting_presets').values(row).execute();
  });
  return toPreset(row, owner);
}

/** Why `owner` may not change this preset: another owner's public one, or none they can see. */
async function refusal(db: Kysely<GameDatabase>, presetID: string): Promise<Error> {
  const found = await db
    .selectFrom('lighting_presets')
    .select('public')
    .where('preset_id', '=', presetID)
    .executeTakeFirst();
  return found && Number(found.public) === 1 ? new PresetNotYoursError(presetID) : new PresetNotFoundError(presetID);
}

/** Replaces the name, settings and public flag of one of the owner's presets. */
export async function updateLightingPreset(
  db: Kysely<GameDatabase>,
  update: { owner: string; presetID: string; input: LightingPresetInput; now: Date },
): Promise<LightingPreset> {
  const { owner, presetID } = update;
  const row = await db
    .updateTable('lighting_presets')
    .set({ ...presetColumns(update.input), updated: update.now.toISOString() })
    .where('preset_id', '=', presetID)
    .where('owner', '=', owner)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await refusal(db, presetID);
  return toPreset(row, owner);
}

/** Deletes one of the owner's presets, and takes it off the owner's count in the same transaction. */
export async function deleteLightingPreset(
  db: Kysely<GameDatabase>,
  remove: { owner: string; presetID: string },
): Promise<void> {
  const { owner, presetID } = remove;
  const deleted = await db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('lighting_presets')
      .where('preset_id', '=', presetID)
      .where('owner', '=', owner)
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    if (count > 0) {
      await trx
        .updateTable('lighting_preset_owners')
        .set((eb) => ({ preset_count: eb('preset_count', '-', count) }))
        .where('owner', '=', owner)
        .execute();
    }
    return count;
  });
  if (deleted === 0) throw await refusal(db, presetID);
}

export interface LightingPresetSeed {
  presetID: string;
  input: LightingPresetInput;
}

/**
 * Upserts presets of one owner by id, restoring their name, settings and flag, then sets the
 * owner's count from its rows, so the cap keeps counting what is there.
 */
export async function upsertLightingPresets(
  db: Kysely<GameDatabase>,
  owner: string,
  presets: readonly LightingPresetSeed[],
  now: Date,
): Promise<void> {
  if (presets.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('lighting_presets')
    .values(
      presets.map((preset) => ({
        preset_id: preset.presetID,
        owner,
        ...presetColumns(preset.input),
        created: at,
        updated: at,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('preset_id').doUpdateSet((eb) => ({
        owner: eb.ref('excluded.owner'),
        name: eb.ref('excluded.name'),
        public: eb.ref('excluded.public'),
        time_of_day: eb.ref('excluded.time_of_day'),
        sun_intensity: eb.ref('excluded.sun_intensity'),
        ambient: eb.ref('excluded.ambient'),
        fog_density: eb.ref('excluded.fog_density'),
        tint: eb.ref('excluded.tint'),
      })),
    )
    .execute();
  const counted = await db
    .selectFrom('lighting_presets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('lighting_preset_owners')
    .values({ owner, preset_count: Number(counted.n) })
    .onConflict((conflict) => conflict.column('owner').doUpdateSet({ preset_count: Number(counted.n) }))
    .execute();
}
