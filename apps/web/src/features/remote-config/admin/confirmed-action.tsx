import type { Environment } from '@outpost/contracts/environments';
import { type ConfirmRequest, useConfirmDialog } from '../../admin/components/confirm-dialog';
import { useGuardedSave } from '../../admin/components/use-guarded-save';

/**
 * An action that changes what players get or throws work away (a rollback, a cancelled publish): it
 * asks first in every environment, in production through the production guard (its title says so),
 * and runs one at a time. `run` gets `done` to call once the request settled. Render `dialogs`.
 */
export function useConfirmedAction(environment: Environment) {
  const guard = useGuardedSave(environment);
  const { confirm, dialog } = useConfirmDialog();
  const run = async (request: ConfirmRequest, action: (done: () => void) => void) => {
    const { title: _title, ...confirmation } = request;
    if (environment === 'production') return guard.run(() => confirmation, action);
    if (guard.busy()) return;
    // Outside production the guard asks nothing: the confirmation is asked here, then the guard runs it one at a time.
    if (await confirm(request)) await guard.run(() => confirmation, action);
  };
  return {
    run,
    dialogs: (
      <>
        {guard.dialog}
        {dialog}
      </>
    ),
  };
}
