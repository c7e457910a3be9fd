import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Vitest's global set-up for the scale tests: a self-signed certificate for localhost that the
 * proxy serves, trusted by the test workers through NODE_EXTRA_CA_CERTS (Node reads it when a
 * process starts, and the workers start after this).
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-scale-tls-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  process.env.NODE_EXTRA_CA_CERTS = path.join(dir, 'cert.pem');
  process.env.SCALE_TLS_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
