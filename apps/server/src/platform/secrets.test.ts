import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './secrets';

describe('resolveAuthSecret', () => {
  it('uses the configured secret, else generates one under DATA_DIR once and keeps it private', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-secret-'));
    expect(resolveAuthSecret({ authSecret: 'c'.repeat(40), dataDir })).toBe('c'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);

    const generated = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(generated);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['auth-secret']);
    fs.rmSync(dataDir, { recursive: true });
  });
});
