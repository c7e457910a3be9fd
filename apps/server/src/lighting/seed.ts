import { OUTPOST_OWNER } from '@outpost/contracts/lighting';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { type LightingPresetSeed, upsertLightingPresets } from './queries';

/** The demo's public presets are Outpost's own: everyone reads them and nobody changes them. */
export const DEMO_PRESET_OWNER = OUTPOST_OWNER;

export const DEMO_LIGHTING_PRESETS: readonly LightingPresetSeed[] = [
  {
    presetID: 'demogoldenhour',
    input: {
      name: 'Golden hour',
      public: true,
      settings: { timeOfDay: 18.5, sunIntensity: 0.8, ambient: 0.35, fogDensity: 0.1, tint: '#ffb46b' },
    },
  },
  {
    presetID: 'demofoggydawn',
    input: {
      name: 'Foggy dawn',
      public: true,
      settings: { timeOfDay: 6, sunIntensity: 0.4, ambient: 0.5, fogDensity: 0.6, tint: '#c9d6e8' },
    },
  },
  {
    presetID: 'demoneonnight',
    input: {
      name: 'Neon night',
      public: true,
      settings: { timeOfDay: 23, sunIntensity: 0, ambient: 0.15, fogDensity: 0.25, tint: '#b16cff' },
    },
  },
];

export async function seedLightingPresets(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await upsertLightingPresets(db, DEMO_PRESET_OWNER, DEMO_LIGHTING_PRESETS, now);
}
