import { API_POLICIES } from '@outpost/contracts/api';
import { describe, expect, it } from 'vitest';
import { ADMIN_READS } from './inventory';

// API_POLICIES lists every /api route the server registers (the server refuses to start with one missing),
// so an admin GET route there and not in the inventory is a read the bench would leave unmeasured.
const ADMIN_GET_ROUTES = Object.keys(API_POLICIES).filter((route) => route.startsWith('GET /api/admin/'));

describe("the admin reads' inventory", () => {
  it('lists every GET route of the admin API', () => {
    const listed = new Set<string>(ADMIN_READS.map((read) => read.route));
    expect(ADMIN_GET_ROUTES.filter((route) => !listed.has(route))).toEqual([]);
    // The comparison means something only while API_POLICIES has admin routes to compare with.
    expect(ADMIN_GET_ROUTES.length).toBeGreaterThan(60);
  });

  it('names only routes the server has, reads only (GET, or a POST given a body)', () => {
    for (const read of ADMIN_READS) {
      expect(Object.keys(API_POLICIES), read.what).toContain(read.route);
      expect(read.route.startsWith('GET ') || read.body !== undefined, read.what).toBe(true);
    }
  });
});
