import { createHash } from 'node:crypto';

/** A token's key in `push_devices`: hex SHA-256, short enough for any index whatever the token's length. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
