import { DEFAULT_ENVIRONMENT, type Environment, environmentSchema } from '@outpost/contracts/environments';
import { useCallback, useState } from 'react';
import { z } from 'zod/mini';

/** Per account, so two admins sharing a browser each keep their own choice. */
const storageKey = (userId: string) => `outpost.admin.environment.${userId}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be switched off; the switch then lasts as long as the page.
    return undefined;
  }
}

/** The environment this admin last chose, or development (docs/product.md §9.1's default) when none or not valid. */
export function rememberedEnvironment(userId: string | null): Environment {
  const stored = userId ? storage()?.getItem(storageKey(userId)) : undefined;
  const parsed = z.safeParse(environmentSchema, stored);
  return parsed.success ? parsed.data : DEFAULT_ENVIRONMENT;
}

/** The admin area's environment switch (docs/product.md §4.6): every admin call names the one chosen here. */
export function useAdminEnvironment(userId: string | null): [Environment, (next: Environment) => void] {
  const [chosen, setChosen] = useState<{ userId: string | null; environment: Environment }>(() => ({
    userId,
    environment: rememberedEnvironment(userId),
  }));
  const environment = chosen.userId === userId ? chosen.environment : rememberedEnvironment(userId);
  const choose = useCallback(
    (next: Environment) => {
      if (userId) storage()?.setItem(storageKey(userId), next);
      setChosen({ userId, environment: next });
    },
    [userId],
  );
  return [environment, choose];
}
