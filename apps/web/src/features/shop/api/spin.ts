import { spinResultSchema } from '@outpost/contracts/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../../../lib/callable';
import { refreshAfterPurchase } from '../../../lib/commerce/query-keys';

/** GET /api/fn/spin-machine (spec §7): pays the machine's cost in credits and draws a prize. */
export function spinMachine(machineID: string) {
  return callHttpFunction({ method: 'GET', name: 'spin-machine', query: { machineID } }, spinResultSchema);
}

export function useSpinMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spinMachine,
    // Refused spins refresh too: "sold out" and a short balance mean the screen shows old figures.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
