import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * A self-signed certificate for this machine's loopback (localhost and 127.0.0.1), valid a day,
 * written by the openssl CLI into `dir` as key.pem and cert.pem: no package makes one and nothing
 * is fetched. Answers the two files' paths.
 */
export function writeSelfSignedCertificate(dir: string): { keyFile: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
      ...['-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'ignore' },
  );
  return { keyFile, certFile };
}
