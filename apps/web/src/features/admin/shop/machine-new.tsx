import { adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { useNavigate } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import type { ArrivalNotice } from '../components/arrival-notice';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
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
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveMachine(environment);
  const navigate = useNavigate();
  const guard = useGuardedSave(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy()) return;
    const checked = checkNewMachine(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
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
      report(null);
      save.mutate(
        { create: input },
        {
          onSuccess: (machine) => {
            const state: ArrivalNotice = { notice: MACHINE_MESSAGES.created };
            navigate(adminShopMachinePath(machine.machineID), { state });
          },
          onError: (error) => refuse(...serverRefusal(error, (text) => `The machine was not created. ${text}`)),
          onSettled: done,
        },
      );
    });
  };

  return (
    <form ref={formRef} className={styles.machineForm} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <MachineFields environment={environment} draft={draft} onChange={setDraft} idFixed={false} errors={errors} />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
          Create machine
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
