import { adminClaimCodeBatchPath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../domain';
import { containsText } from '../platform/db/text-search';

/** The back office's search among redemption codes: the batch a code is in, then batches by name. */
export const searchClaimCodes: SearchSource = async ({ game }, query, limit) => {
  const [code, batches] = await Promise.all([
    game
      .selectFrom('claim_codes')
      .innerJoin('claim_code_batches', 'claim_code_batches.claim_code_id', 'claim_codes.claim_code_id')
      .select(['claim_codes.code', 'claim_code_batches.claim_code_id', 'claim_code_batches.batch_name'])
      .where('claim_codes.code', '=', query.toLowerCase())
      .executeTakeFirst(),
    game
      .selectFrom('claim_code_batches')
      .select(['claim_code_id', 'batch_name', 'type'])
      .where(containsText(['batch_name'], query))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const hits = batches.map((batch) => ({
    kind: 'code' as const,
    id: batch.claim_code_id,
    title: batch.batch_name,
    detail: `A batch of ${batch.type} codes`,
    path: adminClaimCodeBatchPath(batch.claim_code_id),
  }));
  if (code) {
    hits.unshift({
      kind: 'code',
      id: code.code,
      title: `Code ${code.code}`,
      detail: `In the batch ${code.batch_name}`,
      path: adminClaimCodeBatchPath(code.claim_code_id),
    });
  }
  return hits.slice(0, limit);
};
