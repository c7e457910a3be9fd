import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * The secret that signs sessions and attestation tokens. Production must configure it (config.ts
 * refuses to start otherwise); elsewhere one is generated once and kept under DATA_DIR, so
 * sessions survive restarts and the operator CLI shares it with the server.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // Written whole under a temporary name, then linked into place: another process starting at
  // the same moment either sees no file or a complete one, and link() refuses to replace theirs.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, secret, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
