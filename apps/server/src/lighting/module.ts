import type { Domain } from '../domain';
import { lightingMigrations } from './migrations/index';
import { lightingPersonalData } from './personal-data';
import { registerLightingRoutes } from './routes';
import { seedLightingPresets } from './seed';

/** Lighting presets: the looks of the game's scenes that players and visitors save. */
export const domain: Domain = {
  name: 'lighting',
  migrations: { game: lightingMigrations },
  seed: seedLightingPresets,
  register(app, { game, rateLimits }) {
    registerLightingRoutes(app, { game, writeRateLimit: rateLimits.lightingPresetWrites });
  },
  personalData: lightingPersonalData,
};
