import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOneString } from './one-string';

describe('asOneString', () => {
  it('keeps the text as it was, beyond ASCII too', () => {
    const id = randomUUID();
    expect(asOneString(id)).toBe(id);
    const head = `HTTP/1.1 200 OK\r\n${'x-note: café €\r\n'.repeat(3)}\r\n`;
    expect(asOneString(head)).toBe(head);
    expect(asOneString('')).toBe('');
  });
});
