import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECTS } from '../../testing/test-stores';

describe.each(TEST_DIALECTS)('health on %s', (dialect) => {
  it('reports the process and the stores, and says so when a store stops answering', async () => {
    const t = await buildTestApp(dialect);
    try {
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', dialect });

      await t.stores.game.beta.destroy();
      const down = await t.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        error: {
          status: 'UNAVAILABLE',
          message: `${dialect === 'postgres' ? 'PostgreSQL' : 'A SQLite store'} fails (see the server log).`,
          requestId: expect.any(String),
        },
      });
      expect(down.headers['retry-after']).toBe('5');
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});
