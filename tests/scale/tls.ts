import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSelfSignedCertificate } from '../../apps/server/src/testing/self-signed';

/**
 * Vitest's global set-up for the scale tests: a self-signed certificate for localhost that the
 * proxy serves, trusted by the test workers through NODE_EXTRA_CA_CERTS (Node reads it when a
 * process starts, and the workers start after this).
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-scale-tls-'));
  const { certFile } = writeSelfSignedCertificate(dir);
  process.env.NODE_EXTRA_CA_CERTS = certFile;
  process.env.SCALE_TLS_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
