import { describe, expect, it } from 'vitest';
import { logTabFromParams, logTabPath, paramsForLogTab } from './log-tab';

describe('the log screen tab in the URL', () => {
  it('reads the tab, falling back to the admin log', () => {
    expect(logTabFromParams(new URLSearchParams('tab=jobs&status=failed'))).toBe('jobs');
    expect(logTabFromParams(new URLSearchParams('tab=nope'))).toBe('admin-log');
    expect(logTabFromParams(new URLSearchParams('action=createProduct'))).toBe('admin-log');
  });

  it('writes the tab alone, the default one left out, so one list’s filters do not reach the other', () => {
    expect(paramsForLogTab('jobs').toString()).toBe('tab=jobs');
    expect(paramsForLogTab('admin-log').toString()).toBe('');
    expect(logTabPath('jobs')).toBe('/admin/log?tab=jobs');
    expect(logTabPath('admin-log')).toBe('/admin/log');
  });
});
