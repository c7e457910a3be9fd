import type { ClaimCodeBatch } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { type CsvColumn, toCsv } from '../../../components/admin-list/csv';

/*
 * A batch's codes as a spreadsheet (one row per code, available ones first) and as the text of
 * its printed cards. Pure, so the export is tested without a browser; the screen downloads it
 * with the admin list's downloadCsv (byte order mark, formula-safe cells from toCsv).
 */

interface CodeRow {
  code: string;
  status: 'available' | 'used up';
}

export function codeRows(batch: ClaimCodeBatch): CodeRow[] {
  return [
    ...batch.availableCodes.map((code) => ({ code, status: 'available' as const })),
    ...batch.usedCodes.map((code) => ({ code, status: 'used up' as const })),
  ];
}

export function batchCsv(batch: ClaimCodeBatch): string {
  const columns: CsvColumn<CodeRow>[] = [
    { header: 'Code', value: (row) => row.code },
    { header: 'Status', value: (row) => row.status },
    { header: 'Batch', value: () => batch.batchName },
    { header: 'Claim code ID', value: () => batch.claimCodeID },
    { header: 'Type', value: () => batch.type },
    { header: 'Uses per code', value: () => batch.uses },
    { header: 'Credits', value: () => batch.credits },
    { header: 'Rewards', value: () => batch.rewards.join(' ') },
  ];
  return toCsv(columns, codeRows(batch));
}

/** `codes-development-launch-giveaway-<id>`: the environment, a readable name and the id. */
export function batchFileName(batch: ClaimCodeBatch, environment: Environment): string {
  const name = batch.batchName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return ['codes', environment, name, batch.claimCodeID].filter(Boolean).join('-');
}

const count = new Intl.NumberFormat('en-US');

/** "1 credit", "1,250 credits". */
export const creditsText = (credits: number) => `${count.format(credits)} ${credits === 1 ? 'credit' : 'credits'}`;

/** What one code grants, in a line a player reads: "250 credits + Taco, Boba Tea". */
export function grantText(batch: Pick<ClaimCodeBatch, 'credits' | 'rewardItems'>): string {
  const parts: string[] = [];
  if (batch.credits > 0) parts.push(creditsText(batch.credits));
  if (batch.rewardItems.length > 0) parts.push(batch.rewardItems.map((item) => item.name).join(', '));
  return parts.join(' + ');
}
