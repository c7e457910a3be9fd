import { ITEM_TAKE_BACK_SOURCE, itemTakeBackText, LEDGER_REASON_LABELS } from '@outpost/contracts/economy';
import type { PlayerHolding } from '@outpost/contracts/player-record';
import type { PlayerRecordPart } from '../domain';
import {
  creditsCell,
  instantCell,
  newestRows,
  newestSection,
  recordSection,
  textCell,
} from '../platform/player-record';
import { listHoldings } from './inventory';
import { getBalance, ledgerEntryOf } from './ledger';

/** How many held items the inventory's "Holds" fact names before it counts the rest. */
const HOLDINGS_NAMED = 10;

const count = (n: number) => n.toLocaleString('en-US');

/** "Scout hat × 2, Gold crate × 1": what the player holds, the section's first fact. */
function holdingsText(holdings: readonly PlayerHolding[]): string {
  if (holdings.length === 0) return 'Nothing';
  const named = holdings.slice(0, HOLDINGS_NAMED).map((holding) => `${holding.name} × ${count(holding.held)}`);
  const rest = holdings.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${count(rest)} more items` : named.join(', ');
}

/** A quantity with its sign when it is taken back ("−2", as the credits write theirs). */
const quantityText = (quantity: number) => (quantity < 0 ? `−${count(-quantity)}` : count(quantity));

/**
 * The ledger's part of the player page: the credits history with its running balance, and the inventory
 * (what the player holds, then each grant and take-back, the reason a take-back's).
 */
export const ledgerPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const ledger = game.selectFrom('credit_ledger').where('user_id', '=', userId);
  const items = game.selectFrom('claimed_items').where('claimed_items.user_id', '=', userId);
  const [balance, history, holdings, inventory] = await Promise.all([
    getBalance(game, userId),
    newestRows(ledger, ledger.selectAll().orderBy('id', 'desc')),
    listHoldings(game, userId),
    newestSection(
      {
        key: 'inventory',
        title: 'Inventory',
        columns: [
          { key: 'item', label: 'Item', primary: true },
          { key: 'quantity', label: 'Quantity' },
          { key: 'source', label: 'From' },
          { key: 'when', label: 'When' },
        ],
        empty: 'No items.',
      },
      items,
      items
        .leftJoin('items_master', 'items_master.item_id', 'claimed_items.item_id')
        .select([
          'claimed_items.item_id',
          'claimed_items.reference',
          'items_master.name',
          'claimed_items.quantity',
          'claimed_items.source',
          'claimed_items.note',
          'claimed_items.claimed_at',
        ])
        .orderBy('claimed_items.claimed_at', 'desc')
        .orderBy('claimed_items.reference'),
      (row) => ({
        id: `${row.reference}\u0000${row.item_id}`,
        cells: {
          item: textCell(row.name ?? row.item_id),
          quantity: textCell(quantityText(row.quantity)),
          source: textCell(row.source === ITEM_TAKE_BACK_SOURCE ? itemTakeBackText(row.note) : row.source),
          when: instantCell(row.claimed_at),
        },
      }),
    ),
  ]);
  return [
    recordSection(
      {
        key: 'credits',
        title: 'Credits',
        facts: [{ label: 'Balance', value: creditsCell(balance) }],
        columns: [
          { key: 'when', label: 'When' },
          { key: 'what', label: 'What', primary: true },
          { key: 'change', label: 'Change' },
          { key: 'balance', label: 'Balance after' },
        ],
        empty: 'No credits have moved yet.',
      },
      history.rows.map(ledgerEntryOf).map((entry) => ({
        id: String(entry.id),
        cells: {
          when: instantCell(entry.createdAt),
          what: textCell(
            entry.note ? `${LEDGER_REASON_LABELS[entry.reason]}: ${entry.note}` : LEDGER_REASON_LABELS[entry.reason],
          ),
          change: creditsCell(entry.amount, true),
          balance: creditsCell(entry.balanceAfter),
        },
      })),
      history.total,
    ),
    { ...inventory, facts: [{ label: 'Holds', value: textCell(holdingsText(holdings)) }] },
  ];
};
