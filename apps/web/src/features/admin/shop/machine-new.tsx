import { adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useNavigate } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import type { ArrivalNotice } from '../components/arrival-notice';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useGuardedSave } from '../components/use-guarded-save';
import { useSaveMachine } from './api/save-machine';
import { MachineFields } from './components/machine-fields';
import { ShopScreen } from './components/shop-screen';
import { checkNewMachine, MACHINE_MESSAGES, type MachineDraft, newMachineDraft } from './machine-form';
import styles from './shop.module.css';

/** A new mystery-ball machine with its prizes, for those who run the shop. */
export default function MachineNew() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <ShopScreen
      id="machine-new-title"
      title="New machine"
      lead={`A mystery-ball machine for the players of ${environment}, with the prizes it draws.`}
    >
      {capabilities.manageShop ? (
        <NewMachineForm key={environment} environment={environment} />
      ) : (
        <ReadOnlyNotice>Your role may view the shop but not change it.</ReadOnlyNotice>
      )}
    </ShopScreen>
  );
}

function NewMachineForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<MachineDraft>(newMachineDraft);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const save = useSaveMachine(environment);
  const navigate = useNavigate();
  const guard = useGuardedSave(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy()) return;
    const checked = checkNewMachine(draft);
    if (!checked.ok) {
      setNotice({ tone: 'error', text: checked.message });
      return;
    }
    const input = checked.value;
    const confirmation = () => ({
      message: (
        <p>
          This creates the machine “{input.name}” with {input.prizes.length} prizes in production
          {input.available ? ', where players can spin it at once' : ''}.
        </p>
      ),
      confirmLabel: 'Create in production',
    });
    await guard.run(confirmation, (done) => {
      setNotice(null);
      save.mutate(
        { create: input },
        {
          onSuccess: (machine) => {
            const state: ArrivalNotice = { notice: MACHINE_MESSAGES.created };
            navigate(adminShopMachinePath(machine.machineID), { state });
          },
          onError: (error) => setNotice({ tone: 'error', text: `The machine was not created. ${error.message}` }),
          onSettled: done,
        },
      );
    });
  };

  return (
    <form className={styles.machineForm} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <MachineFields environment={environment} draft={draft} onChange={setDraft} idFixed={false} />
      <FormAlert notice={notice} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
          Create machine
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
