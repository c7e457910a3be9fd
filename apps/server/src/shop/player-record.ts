import { adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { PlayerRecordPart } from '../domain';
import { instantCell, linkCell, newestSection, textCell } from '../platform/player-record';

/** The shop's part of the player page: the machines they spun and what each gave. */
export const shopPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const spins = game.selectFrom('spins').where('spins.user_id', '=', userId);
  return [
    await newestSection(
      {
        key: 'spins',
        title: 'Spins',
        columns: [
          { key: 'machine', label: 'Machine', primary: true },
          { key: 'prize', label: 'Prize' },
          { key: 'when', label: 'When' },
        ],
        empty: 'No spins.',
      },
      spins,
      spins
        .leftJoin('machines', 'machines.machine_id', 'spins.machine_id')
        .leftJoin('items_master', 'items_master.item_id', 'spins.item_id')
        .select([
          'spins.spin_id',
          'spins.machine_id',
          'machines.name as machine',
          'spins.item_id',
          'items_master.name as item',
          'spins.created_at',
        ])
        .orderBy('spins.created_at', 'desc')
        .orderBy('spins.spin_id', 'desc'),
      (row) => ({
        id: row.spin_id,
        cells: {
          machine: linkCell(row.machine ?? row.machine_id, adminShopMachinePath(row.machine_id)),
          prize: textCell(row.item ?? row.item_id),
          when: instantCell(row.created_at),
        },
      }),
    ),
  ];
};
