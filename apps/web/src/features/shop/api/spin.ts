import { spinResultSchema } from '@outpost/contracts/shop';
import { useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../../../lib/callable';
import { refreshAfterPurchase } from '../../../lib/commerce/query-keys';
import { useSpend } from '../../../lib/use-spend';

/**
 * GET /api/fn/spin-machine (docs/product.md §7.1): pays the machine's cost in credits and draws a prize,
 * once per request key.
 */
export function spinMachine(machineID: string, requestKey: string) {
  return callHttpFunction({ method: 'GET', name: 'spin-machine', query: { machineID } }, spinResultSchema, {
    attestation: true,
    requestKey,
  });
}

export function useSpinMachine() {
  const queryClient = useQueryClient();
  return useSpend({
    spend: spinMachine,
    // Refused spins refresh too: "sold out" and a short balance mean the screen shows old figures.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
