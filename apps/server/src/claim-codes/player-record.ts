import { adminClaimCodeBatchPath } from '@outpost/contracts/admin-routes';
import type { PlayerRecordPart } from '../domain';
import { instantCell, linkCell, newestSection, textCell } from '../platform/player-record';

/** The claim codes' part of the player page: the codes they redeemed, each with its batch. */
export const claimCodePlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const redeemed = game.selectFrom('claim_code_redemptions').where('claim_code_redemptions.user_id', '=', userId);
  return [
    await newestSection(
      {
        key: 'redemptions',
        title: 'Codes redeemed',
        columns: [
          { key: 'code', label: 'Code', primary: true },
          { key: 'batch', label: 'Batch' },
          { key: 'when', label: 'When' },
        ],
        empty: 'No codes redeemed.',
      },
      redeemed,
      redeemed
        .leftJoin('claim_codes', 'claim_codes.code', 'claim_code_redemptions.code')
        .leftJoin('claim_code_batches', 'claim_code_batches.claim_code_id', 'claim_codes.claim_code_id')
        .select([
          'claim_code_redemptions.code',
          'claim_code_batches.claim_code_id',
          'claim_code_batches.batch_name',
          'claim_code_redemptions.redeemed_at',
        ])
        .orderBy('claim_code_redemptions.redeemed_at', 'desc')
        .orderBy('claim_code_redemptions.code'),
      (row) => ({
        id: row.code,
        cells: {
          code: textCell(row.code),
          batch: row.claim_code_id
            ? linkCell(row.batch_name ?? row.claim_code_id, adminClaimCodeBatchPath(row.claim_code_id))
            : null,
          when: instantCell(row.redeemed_at),
        },
      }),
    ),
  ];
};
