import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import { describe, expect, it } from 'vitest';
import { exportFileOf } from './export-file';

const EXPORT: AccountDataExport & { extra: string } = {
  exportedAt: '2026-11-26T09:30:00.000Z',
  account: {
    userID: 'u1',
    email: 'scout@example.com',
    created: '2026-01-02T03:04:05.000Z',
    displayName: 'scout',
    keys: [],
  },
  suspensions: [],
  environments: {
    development: {},
    beta: { credits: { balance: 40 } },
    production: { orders: [{ orderID: 'o1', status: 'paid' }] },
  },
  // A field this web app does not know yet still goes into the file.
  extra: 'kept',
};

describe('exportFileOf', () => {
  it('names the file by its export day and keeps the whole answer, pretty-printed', () => {
    const file = exportFileOf(EXPORT);
    expect(file?.name).toBe('outpost-data-2026-11-26.json');
    expect(JSON.parse(file?.text ?? '')).toEqual(EXPORT);
    expect(file?.text).toContain('\n  "account": {\n    "userID": "u1",');
    expect(file?.text.endsWith('}\n')).toBe(true);
  });

  it('refuses an answer that is not an export', () => {
    expect(exportFileOf({ exportedAt: '2026-11-26' })).toBeNull();
    expect(exportFileOf(null)).toBeNull();
    expect(exportFileOf('{}')).toBeNull();
  });
});
