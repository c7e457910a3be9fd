import { REMOTE_CONFIG_PLATFORMS, type RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareAppVersions,
  compileRemoteConfig,
  evaluateRemoteConfig,
  percentile,
  remoteConfigTag,
  remoteConfigValues,
} from './evaluate';

const version = fc
  .array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('.'));
const caller = fc.record(
  {
    platform: fc.constantFrom(...REMOTE_CONFIG_PLATFORMS),
    appVersion: version,
    unit: fc.string({ minLength: 1, maxLength: 12 }),
    segments: fc.subarray(['whales', 'lapsed']).map((held) => new Set(held)),
  },
  { requiredKeys: [] },
);

const TEMPLATE: RemoteConfigTemplate = {
  conditions: [
    { name: 'tenth', percent: { from: 0, to: 10 } },
    { name: 'ios new', platforms: ['ios'], appVersion: { min: '2.10' } },
    { name: 'old', appVersion: { max: '1.9' } },
    { name: 'whales', segment: 'whales' },
  ],
  parameters: [
    {
      key: 'flag',
      type: 'boolean',
      defaultValue: false,
      conditionalValues: [
        { condition: 'ios new', value: true },
        { condition: 'tenth', value: true },
      ],
    },
    { key: 'line', type: 'string', defaultValue: 'hi', conditionalValues: [{ condition: 'old', value: 'update' }] },
    { key: 'offer', type: 'number', defaultValue: 0, conditionalValues: [{ condition: 'whales', value: 5 }] },
  ],
};

describe('remote config evaluation', () => {
  it('answers a caller by their attributes and the version alone: compiled anywhere, any number of times', () => {
    fc.assert(
      fc.property(caller, (who) => {
        const here = evaluateRemoteConfig(compileRemoteConfig(7, TEMPLATE), who);
        // Another instance: its own compilation of the same version.
        const there = evaluateRemoteConfig(compileRemoteConfig(7, structuredClone(TEMPLATE)), { ...who });
        expect(there).toEqual(here);
        expect(here.version).toBe(7);
      }),
    );
  });

  it('changes the entity tag exactly when the values can change', () => {
    fc.assert(
      fc.property(caller, caller, (a, b) => {
        const compiled = compileRemoteConfig(3, TEMPLATE);
        const [first, second] = [evaluateRemoteConfig(compiled, a), evaluateRemoteConfig(compiled, b)];
        if (first.etag === second.etag) expect(first.values).toEqual(second.values);
        expect(evaluateRemoteConfig(compileRemoteConfig(4, TEMPLATE), a).etag).not.toBe(first.etag);
      }),
    );
  });

  it('takes the first condition in priority order that holds and gives a value, else the default', () => {
    const compiled = compileRemoteConfig(1, TEMPLATE);
    expect(evaluateRemoteConfig(compiled, { platform: 'ios', appVersion: '2.10.1' }).values).toEqual({
      flag: true,
      line: 'hi',
      offer: 0,
    });
    expect(evaluateRemoteConfig(compiled, { platform: 'android', appVersion: '1.2' }).values).toEqual({
      flag: false,
      line: 'update',
      offer: 0,
    });
    // No unit: a percentage cannot hold; no segments: a segment's condition cannot.
    expect(evaluateRemoteConfig(compiled, {}).values).toEqual({ flag: false, line: 'hi', offer: 0 });
    expect(evaluateRemoteConfig(compiled, { segments: new Set(['whales']) }).values.offer).toBe(5);
    expect(compiled.segmentIDs).toEqual(['whales']);
  });

  it('puts a stable share of units in a percentage, drawn apart for each condition', () => {
    const units = Array.from({ length: 4000 }, (_, index) => `player-${index}`);
    const inTenth = units.filter((unit) => percentile('tenth', unit) < 10);
    expect(inTenth.length / units.length).toBeGreaterThan(0.08);
    expect(inTenth.length / units.length).toBeLessThan(0.12);
    const inOther = units.filter((unit) => percentile('other', unit) < 10);
    const both = inTenth.filter((unit) => inOther.includes(unit));
    // Independent draws: about 1% of everyone, far from the 10% of one same draw.
    expect(both.length / units.length).toBeLessThan(0.03);
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, unit) => {
        const place = percentile(name, unit);
        return place >= 0 && place < 100;
      }),
    );
  });

  it('compares app versions part by part as numbers', () => {
    expect(compareAppVersions('2.9', '2.10')).toBe(-1);
    expect(compareAppVersions('2.1', '2.1.0')).toBe(0);
    expect(compareAppVersions('10.0.0.1', '10')).toBe(1);
    fc.assert(fc.property(version, version, (a, b) => compareAppVersions(a, b) === -compareAppVersions(b, a)));
  });
  it('gives a player in an experiment its variant’s value, under a tag that names their variants', () => {
    const compiled = compileRemoteConfig(3, TEMPLATE);
    const assigned = (variant: string, value: boolean) => ({
      experimentID: 'flag-test',
      parameterKey: 'flag',
      variant,
      value,
    });
    const other = { experimentID: 'other', parameterKey: 'no_such_key', variant: 'B', value: 1 };
    const plain = remoteConfigTag(compiled, { unit: 'u' });
    const inA = remoteConfigTag(compiled, { unit: 'u' }, [assigned('A', true), other]);
    const inB = remoteConfigTag(compiled, { unit: 'u' }, [assigned('B', false)]);
    expect(new Set([plain.etag, inA.etag, inB.etag]).size).toBe(3);
    expect(inA.etag.startsWith(plain.etag.slice(0, -1))).toBe(true);
    // The order the experiments come in does not change the tag.
    expect(remoteConfigTag(compiled, { unit: 'u' }, [other, assigned('A', true)]).etag).toBe(inA.etag);
    const values = remoteConfigValues(compiled, inA.holds, [assigned('A', true), other]).values;
    expect(values.flag).toBe(true);
    // An experiment cannot add a parameter the version lacks.
    expect(Object.hasOwn(values, 'no_such_key')).toBe(false);
  });
});
