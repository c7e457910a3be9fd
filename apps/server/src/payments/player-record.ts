import { shortNumber } from '@outpost/contracts/short-numbers';
import type { PlayerRecordPart } from '../domain';
import { creditsCell, instantCell, moneyCell, newestSection, textCell } from '../platform/player-record';

const KIND_NAMES: Record<string, string> = { 'credit-pack': 'Credit pack', spin: 'Machine spin', merch: 'Merch order' };
const PAYMENT_NAMES: Record<string, string> = { paypal: 'PayPal', stripe: 'Card', credits: 'Credits' };
const STATUS_NAMES: Record<string, string> = {
  created: 'Started, not paid',
  completed: 'Paid',
  pending: 'Payment pending',
  declined: 'Declined',
  mismatch: 'Amount mismatch',
};

/** Payments' part of the player page: every order they paid or started on the web, by channel. */
export const paymentsPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const orders = game.selectFrom('payment_orders').where('user_id', '=', userId);
  return [
    await newestSection(
      {
        key: 'purchases',
        title: 'Purchases on the web',
        columns: [
          { key: 'order', label: 'Order', primary: true },
          { key: 'what', label: 'What' },
          { key: 'paid', label: 'Paid' },
          { key: 'status', label: 'Status' },
          { key: 'when', label: 'When' },
        ],
        empty: 'Nothing bought on the web.',
      },
      orders,
      orders
        .select([
          'order_id',
          'order_number',
          'kind',
          'payment',
          'amount_cents',
          'currency',
          'credits',
          'status',
          'created_at',
        ])
        .orderBy('created_at', 'desc')
        .orderBy('order_id', 'desc'),
      (row) => ({
        id: row.order_id,
        cells: {
          order: textCell(shortNumber(row.order_number)),
          what: textCell(
            row.kind === 'credit-pack'
              ? `${KIND_NAMES[row.kind]}, ${row.credits.toLocaleString('en-US')} credits`
              : (KIND_NAMES[row.kind] ?? row.kind),
          ),
          paid: row.payment === 'credits' ? creditsCell(row.credits) : moneyCell(row.amount_cents, row.currency),
          status: textCell(`${STATUS_NAMES[row.status] ?? row.status} (${PAYMENT_NAMES[row.payment] ?? row.payment})`),
          when: instantCell(row.created_at),
        },
      }),
    ),
  ];
};
