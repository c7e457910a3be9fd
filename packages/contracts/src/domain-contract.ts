import type { AdminLogAction } from './admin-log-actions';
import type { RoutePolicy } from './api';
import * as REGISTERED from './domain-contracts';
import type { LiveTopicDeclaration } from './live-topics';

/*
 * A domain that keeps its contracts in a folder of its own (`npm run new-domain` writes one) brings
 * its lines of the shared tables in one DomainContract, registered by one line of
 * domain-contracts.ts; api.ts, live-topics.ts, admin-log-actions.ts and spa-paths.ts add what every
 * registered contract brings to their own tables, so the server's checks (a route with no policy,
 * a topic served but not declared, an action with no sentence, a screen path answered 404) and
 * the web app read one table each, whichever way a line came.
 */

export interface DomainContract {
  /** Its API routes' policies, keyed "METHOD /path" as the server registers them. */
  apiPolicies?: Readonly<Record<string, RoutePolicy>>;
  /** Its live topics, by name. */
  liveTopics?: Readonly<Record<string, LiveTopicDeclaration>>;
  /** The admin log's actions its writes record, by their stored key. */
  adminLogActions?: Readonly<Record<string, AdminLogAction>>;
  /**
   * The test file that makes each of its admin-log actions through its routes and checks the entries;
   * the back office's catalogue walk (backoffice/admin-log-catalogue.test.ts) leaves them to it.
   */
  adminLogWalk?: string;
  /** Its screens' paths (":name" for a segment), which the server answers with the web app. */
  screenPaths?: readonly string[];
}

type Registered = typeof REGISTERED;

type UnionToIntersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (
  part: infer Intersection,
) => void
  ? Intersection
  : never;

/** The lines of one table every registered contract brings, with their own keys' types (none while none is registered). */
export type Brought<Part extends keyof DomainContract> = [keyof Registered] extends [never]
  ? Record<never, never>
  : UnionToIntersection<
      {
        [Name in keyof Registered]: Registered[Name] extends { readonly [Key in Part]: infer Lines }
          ? Lines
          : Record<never, never>;
      }[keyof Registered]
    >;

const CONTRACTS: readonly DomainContract[] = Object.values(REGISTERED);

/** Every registered contract's lines of one keyed table (policies, topics, actions), together. */
export function broughtLines<Part extends 'apiPolicies' | 'liveTopics' | 'adminLogActions'>(part: Part): Brought<Part> {
  return Object.assign({}, ...CONTRACTS.map((contract) => contract[part] ?? {}));
}

/** Every registered contract's screen paths. */
export const BROUGHT_SCREEN_PATHS: readonly string[] = CONTRACTS.flatMap((contract) => contract.screenPaths ?? []);

/** The test file that walks each action of a contract that walks its own, by action. */
export const BROUGHT_ADMIN_LOG_WALKS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTRACTS.flatMap(({ adminLogWalk, adminLogActions = {} }) =>
    adminLogWalk ? Object.keys(adminLogActions).map((action) => [action, adminLogWalk] as const) : [],
  ),
);
