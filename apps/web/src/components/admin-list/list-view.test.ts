import { describe, expect, it } from 'vitest';
import {
  adminListSearchParams,
  type ListConfig,
  listConfig,
  parseDay,
  parseListView,
  toQuery,
  writeListView,
} from './list-view';

type Sort = 'timestamp' | 'action' | 'admin';

const config: ListConfig<Sort> = listConfig({
  sortable: ['timestamp', 'action', 'admin'],
  defaultSort: 'timestamp',
  defaultOrder: 'desc',
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
  filters: [
    { kind: 'text', param: 'admin', label: 'Admin' },
    {
      kind: 'select',
      param: 'environment',
      label: 'Environment',
      options: [
        { value: 'beta', label: 'Beta' },
        { value: 'production', label: 'Production' },
      ],
    },
    { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
  ],
});

const parse = (search: string) => parseListView(new URLSearchParams(search), config);
const DEFAULT_VIEW = { page: 1, pageSize: 25, sort: 'timestamp', order: 'desc', filters: {} };

describe('parseListView', () => {
  it('gives the default view for an empty URL', () => {
    expect(parse('')).toEqual(DEFAULT_VIEW);
  });

  it('reads every part of a view', () => {
    expect(
      parse('page=3&pageSize=50&sort=action&order=asc&admin=u1&environment=beta&from=2026-11-01&to=2026-11-23'),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'action',
      order: 'asc',
      filters: { admin: 'u1', environment: 'beta', from: '2026-11-01', to: '2026-11-23' },
    });
  });

  it('falls back to the default for each bad value, keeping the good ones', () => {
    for (const page of ['0', '-1', '1.5', 'two', '', '1e3', '99999999999']) expect(parse(`page=${page}`).page).toBe(1);
    for (const size of ['7', '500', '0', 'all', '25.0']) expect(parse(`pageSize=${size}`).pageSize).toBe(25);
    expect(parse('sort=password').sort).toBe('timestamp');
    expect(parse('sort=Action').sort).toBe('timestamp');
    expect(parse('order=up').order).toBe('desc');
    expect(parse('page=x&sort=admin&order=sideways').sort).toBe('admin');
  });

  it('ignores filter values it cannot use and parameters it does not own', () => {
    expect(parse('environment=staging').filters).toEqual({});
    expect(parse('from=2026-02-30&to=yesterday').filters).toEqual({});
    expect(parse('from=2026-2-3').filters).toEqual({});
    expect(parse('admin=%20%20').filters).toEqual({});
    expect(parse('admin=%20u1%20').filters).toEqual({ admin: 'u1' });
    expect(parse('password=hunter2&tab=2').filters).toEqual({});
  });
});

describe('writeListView', () => {
  it('leaves defaults out, so the default view is the bare address', () => {
    expect(writeListView(parse(''), config).toString()).toBe('');
  });

  it('round-trips a view through the URL', () => {
    const view = parse('page=2&pageSize=10&sort=admin&order=asc&admin=u%261&from=2026-11-01');
    const written = writeListView(view, config);
    expect(written.toString()).toBe('page=2&pageSize=10&sort=admin&order=asc&admin=u%261&from=2026-11-01');
    expect(parseListView(written, config)).toEqual(view);
  });

  it('keeps the URL parameters that are not the list’s and replaces those that are', () => {
    const base = new URLSearchParams('tab=codes&page=9&admin=old');
    const written = writeListView({ ...parse(''), page: 2 }, config, base);
    expect(written.toString()).toBe('tab=codes&page=2');
    expect(base.toString()).toBe('tab=codes&page=9&admin=old');
  });
});

describe('toQuery', () => {
  it('sends a date range as the instants that bound its local days', () => {
    const query = toQuery(parse('from=2026-11-01&to=2026-11-23&admin=u1'), config);
    expect(query.filters).toEqual({
      admin: 'u1',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(new Date(2026, 10, 24).getTime() - 1).toISOString(),
    });
    expect(query.page).toBe(1);
  });

  it('spells the query for the list protocol', () => {
    const params = adminListSearchParams(toQuery(parse('page=4&sort=action&order=asc&environment=beta'), config));
    expect(params.toString()).toBe('page=4&pageSize=25&sort=action&order=asc&environment=beta');
  });
});

describe('parseDay', () => {
  it('accepts real days only', () => {
    expect(parseDay('2028-02-29')?.getDate()).toBe(29);
    expect(parseDay('2026-02-29')).toBeUndefined();
    expect(parseDay('2026-13-01')).toBeUndefined();
    expect(parseDay('2026-11-23T00:00')).toBeUndefined();
  });
});

describe('listConfig', () => {
  const valid = { ...config, filters: [] };
  it('refuses declarations that would show the wrong view', () => {
    expect(() => listConfig({ ...valid, filters: [{ kind: 'text', param: 'page', label: 'Page' }] })).toThrow(
      /protocol/,
    );
    expect(() =>
      listConfig({
        ...valid,
        filters: [
          { kind: 'text', param: 'to', label: 'To' },
          { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
        ],
      }),
    ).toThrow(/share/);
    expect(() => listConfig({ ...valid, defaultSort: 'nope' as Sort })).toThrow(/default sort/);
    expect(() => listConfig({ ...valid, defaultPageSize: 30 })).toThrow(/page size/);
    expect(() => listConfig({ ...valid, pageSizes: [25, 1000] })).toThrow(/500/);
  });
});
