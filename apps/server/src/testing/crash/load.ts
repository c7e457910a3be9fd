import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';

/*
 * The kill -9 test's load (crash.test.ts): workloads of one kind of write each, driven by several
 * clients against the real server process until it is killed, then each checks what the kill left.
 */

/** The stores as the killed process left them. */
export interface CrashStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

/** Credits by player: what the stored rows of one workload moved in each player's balance. */
export type CreditsMoved = Map<string, number>;

export interface CrashWorkload {
  /** What it writes, for the failure messages. */
  name: string;
  /** One turn of its requests; records what the server acknowledged (answered 2xx). */
  turn(server: URL): Promise<void>;
  /** Whether enough of it is acknowledged that a kill now lands in the thick of it. */
  underWay(): boolean;
  /**
   * After the kill: every acknowledged write is stored and the workload's invariants hold. Answers
   * the credits its stored rows account for, for the ledger's check.
   */
  check(stores: CrashStores): Promise<CreditsMoved>;
  /** Once the server started again: what its start finishes of the writes the kill cut short. */
  checkAfterRestart?(stores: CrashStores): Promise<void>;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * One request as a player's client sends it. A 5xx is a fault under load and fails the test; a
 * request the kill cut throws, and was never acknowledged.
 */
export async function call(
  server: URL,
  path: string,
  options: { bearer: string; method?: 'GET' | 'POST'; body?: unknown },
): Promise<Answer> {
  const response = await fetch(new URL(path, server), {
    method: options.method ?? 'GET',
    headers: {
      authorization: options.bearer,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (response.status >= 500)
    throw new Error(`${options.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  const json = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, body: json && text ? JSON.parse(text) : text };
}

/** Hands out the players in turn, so the load spreads over all of them (per-player rate limits apply). */
export function playerRota(players: readonly SignedIn[]) {
  let next = 0;
  return (): SignedIn => {
    const player = players[next % players.length] as SignedIn;
    next += 1;
    return player;
  };
}

/**
 * `size` players at once on one contended row (a code, an invite), each with their own request.
 * Waits for all of them, so an answer that arrived before the kill is always recorded.
 */
export async function burst(
  next: () => SignedIn,
  size: number,
  request: (player: SignedIn) => Promise<void>,
): Promise<void> {
  const outcomes = await Promise.allSettled(Array.from({ length: size }, () => request(next())));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Claims of invites the server acknowledged, and the turns that send them. */
export interface ClaimRace {
  won: { inviteID: string; userId: string }[];
  turn(server: URL): Promise<void>;
}

/**
 * Claims of invites in turn, `size` players at once on each: a claim is won when `acknowledged`
 * says its answer took the invite for its player.
 */
export function claimRace(
  players: readonly SignedIn[],
  invites: readonly string[],
  options: { size: number; path: (inviteID: string) => string; acknowledged: (answer: Answer) => boolean },
): ClaimRace {
  const next = playerRota(players);
  const won: ClaimRace['won'] = [];
  let turns = 0;
  return {
    won,
    async turn(server) {
      const inviteID = invites[turns % invites.length] as string;
      turns += 1;
      await burst(next, options.size, async (player) => {
        const answer = await call(server, options.path(inviteID), { method: 'POST', bearer: player.bearer });
        if (options.acknowledged(answer)) won.push({ inviteID, userId: player.userId });
      });
    },
  };
}

/** Adds `amount` to a player's credits moved. */
export function addCredits(moved: CreditsMoved, userId: string, amount: number): void {
  moved.set(userId, (moved.get(userId) ?? 0) + amount);
}

interface KillableServer {
  url: URL;
  child: { kill(signal: NodeJS.Signals): boolean };
  exit: Promise<{ code: number | null; stderr: string }>;
}

/**
 * `clients` clients take the workloads' turns in rotation until every workload is under way, then
 * the process is killed with SIGKILL and the clients stop. A request that fails before the kill
 * (a 5xx, a dropped connection) fails the test.
 */
export async function loadUntilKilled(
  server: KillableServer,
  workloads: readonly CrashWorkload[],
  clients: number,
): Promise<void> {
  let killed = false;
  let reached: () => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const underWay = new Promise<void>((resolve, reject) => {
    reached = resolve;
    failed = reject;
  });
  void server.exit.then(({ stderr }) => {
    if (!killed) failed(new Error(`The server exited under the load before the kill: ${stderr}`));
  });
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let turn = client; !killed; turn += 1) {
      const workload = workloads[turn % workloads.length] as CrashWorkload;
      try {
        await workload.turn(server.url);
      } catch (error) {
        // A request cut by the kill was never acknowledged: nothing is expected of it.
        if (!killed) failed(new Error(`${workload.name} failed under the load`, { cause: error }));
        return;
      }
      if (workloads.every((each) => each.underWay())) reached();
    }
  });
  try {
    await underWay;
  } finally {
    server.child.kill('SIGKILL');
    killed = true;
    await server.exit;
    await Promise.all(loops);
  }
}
