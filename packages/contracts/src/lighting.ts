import { z } from 'zod/mini';
import { GUEST_USER_ID } from './identity';

/**
 * Lighting presets (docs/product.md §1.1, §3.11, §6.3): named lighting settings a player keeps for
 * the game's scenes. Public presets are shared with everyone; private ones are their owner's. A
 * signed-out visitor works under the owner 'guest' (docs/product.md §6.3 Guest), whose presets every visitor shares.
 */

/** The owner of the presets visitors make (docs/product.md §6.3). */
export const GUEST_OWNER = GUEST_USER_ID;
/** The owner of Outpost's own presets: no account and no visitor acts as it, so nobody changes them. */
export const OUTPOST_OWNER = 'outpost';
/** Presets one owner may keep ('guest' counts as one owner). */
export const LIGHTING_PRESETS_PER_OWNER = 50;
/** Public presets of others a list shows, most recently changed first. */
export const LIGHTING_SHARED_LIST_MAX = 200;
export const PRESET_NAME_MAX_LENGTH = 60;

/**
 * The lighting values a preset holds, with their ranges: what a scene's lighting rig takes. Time of
 * day in hours places the sun; the sun's intensity is a multiplier of clear noon (1); ambient and fog
 * density are fractions; the tint colours the light.
 */
export const LIGHTING_RANGES = {
  timeOfDay: { min: 0, max: 24, step: 0.25 },
  sunIntensity: { min: 0, max: 10, step: 0.05 },
  ambient: { min: 0, max: 1, step: 0.01 },
  fogDensity: { min: 0, max: 1, step: 0.01 },
} as const;
export type LightingValue = keyof typeof LIGHTING_RANGES;

export const LIGHTING_MESSAGES = {
  name: `A preset needs a name of at most ${PRESET_NAME_MAX_LENGTH} characters.`,
  timeOfDay: 'Time of day must be a number of hours from 0 to 24.',
  sunIntensity: 'Sun intensity must be a number from 0 to 10.',
  ambient: 'Ambient light must be a number from 0 to 1.',
  fogDensity: 'Fog density must be a number from 0 to 1.',
  tint: 'Tint must be a colour written like #ffcc88.',
  public: 'public must be true or false.',
  presetID: 'Preset IDs are lower-case letters and digits (at most 64).',
  notFound: 'There is no lighting preset with this ID. It may have been deleted.',
  notYours: 'You can only change your own lighting presets.',
  created: 'Preset saved.',
  saved: 'Preset updated.',
  deleted: 'Preset deleted.',
} as const;

/** The refusal when an owner already keeps LIGHTING_PRESETS_PER_OWNER presets. */
export const presetLimitMessage = (owner: string) =>
  owner === GUEST_OWNER
    ? `Guests already share ${LIGHTING_PRESETS_PER_OWNER} presets, the most they can keep. Delete one, or sign in to keep your own.`
    : `You already have ${LIGHTING_PRESETS_PER_OWNER} presets, the most one account can keep. Delete one to make room.`;

const ranged = (value: LightingValue) => {
  const { min, max } = LIGHTING_RANGES[value];
  const error = LIGHTING_MESSAGES[value];
  return z.number({ error }).check(z.minimum(min, { error }), z.maximum(max, { error }));
};

export const lightingSettingsSchema = z.object({
  timeOfDay: ranged('timeOfDay'),
  sunIntensity: ranged('sunIntensity'),
  ambient: ranged('ambient'),
  fogDensity: ranged('fogDensity'),
  tint: z
    .string({ error: LIGHTING_MESSAGES.tint })
    .check(z.trim(), z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, { error: LIGHTING_MESSAGES.tint })),
});
export type LightingSettings = z.infer<typeof lightingSettingsSchema>;

/** Clear midday: what a new preset starts from. */
export const DEFAULT_LIGHTING_SETTINGS: LightingSettings = {
  timeOfDay: 12,
  sunIntensity: 1,
  ambient: 0.3,
  fogDensity: 0,
  tint: '#ffffff',
};

/** POST /api/lighting-presets and PUT /api/lighting-presets/:presetID: the whole preset. */
export const lightingPresetInputSchema = z.object({
  name: z
    .string({ error: LIGHTING_MESSAGES.name })
    .check(
      z.trim(),
      z.minLength(1, { error: LIGHTING_MESSAGES.name }),
      z.maxLength(PRESET_NAME_MAX_LENGTH, { error: LIGHTING_MESSAGES.name }),
    ),
  settings: lightingSettingsSchema,
  public: z.boolean({ error: LIGHTING_MESSAGES.public }),
});
export type LightingPresetInput = z.infer<typeof lightingPresetInputSchema>;

export const lightingPresetParamsSchema = z.object({
  presetID: z.string().check(z.regex(/^[a-z0-9]{1,64}$/, { error: LIGHTING_MESSAGES.presetID })),
});

export const lightingPresetSchema = z.object({
  /** A random id (docs/product.md §5.7). */
  presetID: z.string(),
  name: z.string(),
  settings: lightingSettingsSchema,
  public: z.boolean(),
  /**
   * A user id, or 'guest'. Another player's user id never leaves the server: their public presets
   * come with null.
   */
  owner: z.nullable(z.string()),
  /** ISO 8601. */
  created: z.string(),
  updated: z.string(),
  /** True when the viewer may change or delete it: it is theirs (a visitor's: the guests'). */
  editable: z.boolean(),
});
export type LightingPreset = z.infer<typeof lightingPresetSchema>;

/**
 * GET /api/lighting-presets: the viewer's own presets by name (a visitor's: the guests'), and the
 * public presets of others, most recently changed first (at most LIGHTING_SHARED_LIST_MAX).
 */
export const lightingPresetListSchema = z.object({
  mine: z.array(lightingPresetSchema),
  shared: z.array(lightingPresetSchema),
});
export type LightingPresetList = z.infer<typeof lightingPresetListSchema>;

/** DELETE /api/lighting-presets/:presetID. */
export const deletedLightingPresetSchema = z.object({ presetID: z.string(), deleted: z.literal(true) });
