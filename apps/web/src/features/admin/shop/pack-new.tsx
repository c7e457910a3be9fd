import { adminShopPackPath } from '@outpost/contracts/admin-routes';
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
import { useSaveCreditPack } from './api/save-credit-pack';
import { PackFields } from './components/pack-fields';
import { ShopScreen } from './components/shop-screen';
import { checkNewPack, formatPrice, newPackDraft, PACK_MESSAGES, type PackDraft } from './pack-form';

/** A new credit pack, for those who run the shop; a moderator is told they may only look. */
export default function PackNew() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <ShopScreen id="pack-new-title" title="New credit pack" lead={`A credit pack players of ${environment} can buy.`}>
      {capabilities.manageShop ? (
        // A new environment starts a new form: nothing typed for one is created in another.
        <NewPackForm key={environment} environment={environment} />
      ) : (
        <ReadOnlyNotice>Your role may view the shop but not change it.</ReadOnlyNotice>
      )}
    </ShopScreen>
  );
}

function NewPackForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<PackDraft>(newPackDraft);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveCreditPack(environment);
  const navigate = useNavigate();
  const guard = useGuardedSave(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy()) return;
    const checked = checkNewPack(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    const confirmation = () => ({
      message: (
        <p>
          This creates the credit pack “{input.name}” ({input.credits} credits for {formatPrice(input.costUSD)}) in
          production{input.available ? ', on sale to players at once' : ''}.
        </p>
      ),
      confirmLabel: 'Create in production',
    });
    await guard.run(confirmation, (done) => {
      report(null);
      save.mutate(
        { create: input },
        {
          onSuccess: (pack) => {
            const state: ArrivalNotice = { notice: PACK_MESSAGES.created };
            navigate(adminShopPackPath(pack.packID), { state });
          },
          onError: (error) => refuse(...serverRefusal(error, (text) => `The credit pack was not created. ${text}`)),
          onSettled: done,
        },
      );
    });
  };

  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <PackFields draft={draft} onChange={setDraft} idFixed={false} errors={errors} />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
          Create credit pack
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
