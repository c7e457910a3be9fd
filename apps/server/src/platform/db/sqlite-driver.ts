import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/*
 * The one place that loads better-sqlite3: everything else (stores, tests, benches) opens SQLite
 * through this module.
 *
 * Two majors are installed side by side (apps/server/package.json): `better-sqlite3` is 12.x,
 * `better-sqlite3-13` is 13.x under an npm alias. The running Node.js picks one, by the
 * Node-API version it implements rather than by its major:
 *  - 13.x ships prebuilt binaries built for Node-API 10 and compiles nothing at install, so one
 *    `npm ci` serves every Node.js that has Node-API 10 (22.14 and later, 24). On Node-API 9 it
 *    segfaults at the first statement: Node.js 20 (measured on 20.20), and 22.0–22.13 too
 *    (measured on 22.13.1), which is why the major alone would pick wrong.
 *  - 12.x is compiled from source at install for the Node.js that runs the install (offline no
 *    prebuilt binary can be downloaded). It serves Node.js 20; compiled there it does not load
 *    on Node.js 24 (another ABI), and 12.6 built for 24 aborts in a statement's destructor.
 * Both have the same API, described by @types/better-sqlite3. When Node.js 20 support goes,
 * 12.x goes with it and this module becomes a plain import.
 */

const require = createRequire(import.meta.url);

/** Node-API 10 is what 13.x's prebuilt binaries are built for. */
const NODE_API_FOR_13 = 10;

const driverPackage =
  Number(process.versions.napi) >= NODE_API_FOR_13 ? ('better-sqlite3-13' as const) : ('better-sqlite3' as const);

/** better-sqlite3's constructor, as its default export: `new Database(file, options)`. */
export const Database: typeof BetterSqlite3 = require(driverPackage);
/** One open SQLite connection. */
export type Database = BetterSqlite3.Database;
/** A prepared statement of a connection. */
export type Statement = BetterSqlite3.Statement;

/** Which installed package this Node.js loaded, where it loads from, and its version. */
export const sqliteDriver: {
  readonly package: typeof driverPackage;
  readonly entry: string;
  readonly version: string;
} = {
  package: driverPackage,
  entry: require.resolve(driverPackage),
  version: (require(`${driverPackage}/package.json`) as { version: string }).version,
};
