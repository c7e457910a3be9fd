import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Marks where a parameter goes; no real value starts with a NUL character. */
const marker = (name: string) => `\u0000prepared:${name}`;

/**
 * A query built and compiled once per database handle, then run with new parameter values.
 * Building a Kysely query costs about as much as an SQLite read by key, so hot reads use this.
 * `build` receives stand-ins for the parameters and must pass each one as a plain value (as in
 * `where('email', '=', params.email)`); preparing fails loudly if a stand-in was transformed.
 */
export function prepareQuery<DB, Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, params: Params) => Compilable<Row>,
): (db: Kysely<DB>, params: Params) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<DB>, { query: CompiledQuery<Row>; slots: (string | undefined)[] }>();

  function compile(db: Kysely<DB>) {
    const markers = new Map<string, string>();
    const standIns = new Proxy({} as Params, {
      get: (_target, name) => {
        markers.set(marker(String(name)), String(name));
        return marker(String(name));
      },
    });
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((value) => (typeof value === 'string' ? markers.get(value) : undefined));
    const altered = query.parameters.some(
      (value, index) => typeof value === 'string' && slots[index] === undefined && value.includes(marker('')),
    );
    if (altered) throw new Error(`A prepared query transformed a parameter: ${query.sql}`);
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  }

  return async (db, params) => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index];
      return slot === undefined ? value : params[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
