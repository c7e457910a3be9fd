import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { callHttpFunction } from '../../../../lib/callable';

/** GET /api/fn/subscribe-to-drop (docs/product.md §7.1, bearer): answers text, the sentence the player reads. */
export function subscribeToDrop(input: { drop: string; email: string }): Promise<string> {
  return callHttpFunction({ method: 'GET', name: 'subscribe-to-drop', query: input, answer: 'text' }, z.string());
}

export function useSubscribeToDrop() {
  return useMutation({ mutationFn: subscribeToDrop });
}
