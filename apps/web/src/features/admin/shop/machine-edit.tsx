import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import type { Machine } from '@outpost/contracts/shop';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFollowedDraft } from '../../../components/form/use-draft';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { CallableError } from '../../../lib/callable';
import { Link, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { useArrivalNotice } from '../components/arrival-notice';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useGuardedSave } from '../components/use-guarded-save';
import { machineQueryOptions, useMachine } from './api/get-machine';
import { useSaveMachine } from './api/save-machine';
import { MachineFields } from './components/machine-fields';
import { ShopScreen } from './components/shop-screen';
import {
  checkMachineEdit,
  draftFromMachine,
  MACHINE_MESSAGES,
  type MachineDraft,
  machineChanges,
} from './machine-form';
import styles from './shop.module.css';

/**
 * One machine and its prizes: edited by those who run the shop, read by moderators. The screen
 * follows the environment's machines live: an untouched form shows the machine as it is now (stock
 * spun away, another admin's save); an edited one says it changed and keeps what was typed.
 */
export default function MachineEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { machineID = '' } = useParams();
  const machine = useMachine(environment, machineID);
  const arrivalNotice = useArrivalNotice();
  return (
    <ShopScreen
      id="machine-edit-title"
      titlePrefix="Edit machine"
      title={machine.data?.name ?? machineID}
      lead={
        <>
          Machine {machineID} in {environment}. <Link to={ADMIN_ROUTES.adminShopMachines}>Back to the machines</Link>
        </>
      }
    >
      <LoadState query={machine} what="machine" missing={`There is no machine “${machineID}” in ${environment}.`}>
        {(loaded) => (
          <MachineEditForm
            key={`${environment}/${loaded.machineID}`}
            environment={environment}
            machine={loaded}
            canEdit={capabilities.manageShop}
            initialNotice={arrivalNotice}
          />
        )}
      </LoadState>
      <LiveUpdates topics={['machines']} environment={environment} />
    </ShopScreen>
  );
}

const CHANGED_ELSEWHERE: FormNotice = {
  tone: 'error',
  text: 'This machine changed since you started editing it (a spin, or another admin’s save). Load it as it is now before saving: a save from the older version is refused.',
};

interface MachineEditFormProps {
  environment: Environment;
  machine: Machine;
  canEdit: boolean;
  initialNotice: string | null;
}

function MachineEditForm({ environment, machine, canEdit, initialNotice }: MachineEditFormProps) {
  // The machine as last loaded or saved (`base`): the version a save starts from, what the confirmation compares against.
  const {
    base,
    draft,
    setDraft,
    startFrom: followFrom,
    changedElsewhere,
  } = useFollowedDraft<Machine, MachineDraft>(machine, draftFromMachine);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal(
    initialNotice ? { tone: 'ok', text: initialNotice } : null,
  );
  const [conflict, setConflict] = useState(false);
  const save = useSaveMachine(environment);
  const queryClient = useQueryClient();
  const guard = useGuardedSave(environment);

  const startFrom = (saved: Machine) => {
    followFrom(saved);
    setConflict(false);
  };

  const reload = async () => {
    const latest = await queryClient.fetchQuery({
      ...machineQueryOptions(environment, machine.machineID),
      staleTime: 0,
    });
    startFrom(latest);
    report({ tone: 'ok', text: 'Loaded the machine as it is now, with the stock players left.' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy() || !canEdit) return;
    const checked = checkMachineEdit(draft, base.version);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    const confirmation = () => ({
      message: <p>This saves the machine “{input.name}” in production, where players spin it.</p>,
      items: machineChanges(base, input),
      confirmLabel: 'Save to production',
    });
    await guard.run(confirmation, (done) => {
      report(null);
      save.mutate(
        { machineID: machine.machineID, input },
        {
          onSuccess: (saved) => {
            startFrom(saved);
            report({ tone: 'ok', text: MACHINE_MESSAGES.saved });
          },
          onError: (error) => {
            // 409: a spin or another admin's save moved the machine on; the server's message says which.
            setConflict(error instanceof CallableError && error.status === 'aborted');
            refuse(...serverRefusal(error, (text) => `The machine was not saved. ${text}`));
          },
          onSettled: done,
        },
      );
    });
  };

  return (
    <form ref={formRef} className={styles.machineForm} onSubmit={submit} noValidate aria-busy={save.isPending}>
      {!canEdit && <ReadOnlyNotice>Your role may view this machine but not change it.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
        <MachineFields environment={environment} draft={draft} onChange={setDraft} idFixed errors={errors} />
      </fieldset>
      <p className={adminStyles.note}>
        Machines are never deleted, as spins keep naming them; untick “Available to players” to take one off the floor.
      </p>
      <FormAlert notice={changedElsewhere && notice?.tone !== 'error' ? CHANGED_ELSEWHERE : notice} ref={alertRef} />
      {(conflict || changedElsewhere) && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={() => void reload()}>
            Load the machine as it is now (discards your changes)
          </button>
        </div>
      )}
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save machine
          </button>
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
