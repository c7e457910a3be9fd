import { adminItemPath } from '@outpost/contracts/admin-routes';
import type { ClaimCodeBatch } from '@outpost/contracts/claim-codes';
import { NamedLinks } from '../components/named-links';
import { creditsText } from './batch-export';

/** What one code grants, on a back-office screen: its credits, and its items by name linking to each item. */
export function Grants({ batch }: { batch: Pick<ClaimCodeBatch, 'credits' | 'rewardItems'> }) {
  const credits = batch.credits > 0 ? creditsText(batch.credits) : null;
  if (batch.rewardItems.length === 0) return <>{credits ?? '—'}</>;
  return (
    <>
      {credits && `${credits} + `}
      <NamedLinks links={batch.rewardItems.map((item) => ({ name: item.name, to: adminItemPath(item.itemID) }))} />
    </>
  );
}
