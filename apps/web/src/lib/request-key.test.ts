import { describe, expect, it } from 'vitest';
import { IntentKeys, newRequestKey } from './request-key';

describe('request keys', () => {
  it('are 128 random bits in hex, new each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newRequestKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keep an intent’s key for its retries while no answer came, and make a new one after an answer', () => {
    const intents = new IntentKeys();
    const first = intents.keyFor('scrapyard');
    intents.settled(false);
    expect(intents.keyFor('scrapyard')).toBe(first);
    intents.settled(true);
    const next = intents.keyFor('scrapyard');
    expect(next).not.toBe(first);
    expect(intents.keyFor({ machineID: 'aurora' })).not.toBe(next);
    expect(intents.keyFor({ machineID: 'aurora' })).toBe(intents.keyFor({ machineID: 'aurora' }));
    expect(intents.keyFor(undefined)).toBe(intents.keyFor(undefined));
  });
});
