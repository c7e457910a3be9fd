import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/** Packs at the prices mobile stores use; the last is hidden, to show admins what players do not see. */
const DEMO_PACKS = [
  { pack_id: 'starter', name: 'Starter Pouch', credits: 500, cost_usd: 499, available: 1 },
  { pack_id: 'explorer', name: 'Explorer Crate', credits: 1200, cost_usd: 999, available: 1 },
  { pack_id: 'outpost', name: 'Outpost Vault', credits: 2600, cost_usd: 1999, available: 1 },
  { pack_id: 'founders', name: "Founder's Chest", credits: 7000, cost_usd: 4999, available: 0 },
] as const;

interface DemoMachine {
  machine_id: string;
  name: string;
  description: string;
  available: number;
  cost_credits: number;
  cost_usd: number | null;
  prizes: [prizeID: string, name: string, itemID: string, weight: number, stock: number][];
  /** Days from now: a drop opening then, for two days. */
  dropInDays?: number;
}

const DEMO_MACHINES: readonly DemoMachine[] = [
  {
    machine_id: 'scrapyard',
    name: 'Scrapyard Capsules',
    description: 'Everyday gear from the scrapyard. Every ball holds a prize.',
    available: 1,
    cost_credits: 100,
    cost_usd: 99,
    prizes: [
      ['beanie', 'Ranger Beanie', 'hat-ranger-beanie', 60, 500],
      ['salute', 'Salute Emote', 'emote-salute', 30, 500],
      ['rust-skin', 'Rust Drone Skin', 'drone-skin-rust', 10, 50],
    ],
  },
  {
    machine_id: 'aurora',
    name: 'Aurora Drop',
    description: 'A limited machine that opens for its drop only.',
    available: 1,
    cost_credits: 300,
    cost_usd: 299,
    prizes: [
      ['parka', 'Outpost Parka', 'jacket-outpost-parka', 80, 100],
      ['aurora-skin', 'Aurora Drone Skin', 'drone-skin-aurora', 20, 10],
    ],
    dropInDays: 3,
  },
  {
    machine_id: 'prototype',
    name: 'Prototype Machine',
    description: 'Still being tested by staff.',
    available: 0,
    cost_credits: 50,
    cost_usd: null,
    prizes: [['helmet', 'Scrap Helmet', 'hat-scrap-helmet', 1, 20]],
  },
];

const DAY_MS = 86_400_000;

/** The demo shop: packs, machines with prizes and a drop coming up; the shop is open. */
export async function seedShop(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('credit_packs')
    .values(DEMO_PACKS.map((pack) => ({ ...pack, created_at: at, updated_at: at })))
    .onConflict((conflict) =>
      conflict.column('pack_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        credits: eb.ref('excluded.credits'),
        cost_usd: eb.ref('excluded.cost_usd'),
        available: eb.ref('excluded.available'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  for (const { prizes, dropInDays, ...machine } of DEMO_MACHINES) {
    await db
      .insertInto('machines')
      .values({ ...machine, version: 1, created_at: at, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('machine_id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          available: eb.ref('excluded.available'),
          cost_credits: eb.ref('excluded.cost_credits'),
          cost_usd: eb.ref('excluded.cost_usd'),
          version: eb('machines.version', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    await db.deleteFrom('machine_prizes').where('machine_id', '=', machine.machine_id).execute();
    await db
      .insertInto('machine_prizes')
      .values(
        prizes.map(([prizeID, name, itemID, weight, stock], position) => ({
          machine_id: machine.machine_id,
          prize_id: prizeID,
          position,
          name,
          item_id: itemID,
          weight,
          stock,
        })),
      )
      .execute();
    if (dropInDays !== undefined) {
      const opensAt = new Date(now.getTime() + dropInDays * DAY_MS);
      await db
        .insertInto('drops')
        .values({
          drop_id: `${machine.machine_id}-launch`,
          machine_id: machine.machine_id,
          name: `${machine.name} launch`,
          opens_at: opensAt.toISOString(),
          closes_at: new Date(opensAt.getTime() + 2 * DAY_MS).toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('drop_id').doUpdateSet((eb) => ({
            opens_at: eb.ref('excluded.opens_at'),
            closes_at: eb.ref('excluded.closes_at'),
          })),
        )
        .execute();
    }
  }
}
