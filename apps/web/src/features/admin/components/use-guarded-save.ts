import type { Environment } from '@outpost/contracts/environments';
import { type ReactNode, useRef } from 'react';
import { type ConfirmRequest, PRODUCTION_TITLE, useConfirmDialog } from './confirm-dialog';

/** What the production confirmation says about one save; its title is always PRODUCTION_TITLE. */
export type ProductionConfirmation = Omit<ConfirmRequest, 'title'>;

/**
 * The guard every admin save goes through: one save at a time (a second submit while one is on
 * its way does nothing), and in production only after the admin confirms what changes there.
 * `save` gets `done`, to call once the request settled. Render `dialog` inside the form.
 */
export function useGuardedSave(environment: Environment): {
  busy: () => boolean;
  run: (confirmation: () => ProductionConfirmation, save: (done: () => void) => void) => Promise<void>;
  dialog: ReactNode;
} {
  const busy = useRef(false);
  const { confirm, dialog } = useConfirmDialog();
  const done = () => {
    busy.current = false;
  };
  const run = async (confirmation: () => ProductionConfirmation, save: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    if (environment === 'production' && !(await confirm({ title: PRODUCTION_TITLE, ...confirmation() }))) {
      done();
      return;
    }
    save(done);
  };
  return { busy: () => busy.current, run, dialog };
}
