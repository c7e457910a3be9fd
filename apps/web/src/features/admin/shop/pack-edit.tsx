import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import type { CreditPack } from '@outpost/contracts/shop';
import type { FormEvent } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFollowedDraft } from '../../../components/form/use-draft';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { useArrivalNotice } from '../components/arrival-notice';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useGuardedSave } from '../components/use-guarded-save';
import { useCreditPack } from './api/get-credit-pack';
import { useSaveCreditPack } from './api/save-credit-pack';
import { PackFields } from './components/pack-fields';
import { ShopScreen } from './components/shop-screen';
import { checkPackEdit, draftFromPack, formatPrice, PACK_MESSAGES, type PackDraft } from './pack-form';

/**
 * One credit pack: edited by those who run the shop, read by moderators. Packs are hidden, never
 * deleted. The screen follows the environment's packs live: an untouched form shows another
 * admin's save at once; an edited one says the pack changed and keeps what was typed.
 */
export default function PackEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { packID = '' } = useParams();
  const pack = useCreditPack(environment, packID);
  const arrivalNotice = useArrivalNotice();
  return (
    <ShopScreen
      id="pack-edit-title"
      titlePrefix="Edit credit pack"
      title={pack.data?.name ?? packID}
      lead={
        <>
          Credit pack {packID} in {environment}. <Link to={ADMIN_ROUTES.adminShopPacks}>Back to the credit packs</Link>
        </>
      }
    >
      <LoadState query={pack} what="credit pack" missing={`There is no credit pack “${packID}” in ${environment}.`}>
        {(loaded) => (
          <PackEditForm
            // Another environment or pack starts a new form: edits never carry across.
            key={`${environment}/${loaded.packID}`}
            environment={environment}
            pack={loaded}
            canEdit={capabilities.manageShop}
            initialNotice={arrivalNotice}
          />
        )}
      </LoadState>
      <LiveUpdates topics={['credit-packs']} environment={environment} />
    </ShopScreen>
  );
}

const CHANGED_ELSEWHERE: FormNotice = {
  tone: 'error',
  text: 'This credit pack was changed elsewhere since you started editing it. Saving replaces that change with what you see here.',
};

interface PackEditFormProps {
  environment: Environment;
  pack: CreditPack;
  canEdit: boolean;
  initialNotice: string | null;
}

function PackEditForm({ environment, pack, canEdit, initialNotice }: PackEditFormProps) {
  // The pack as last loaded or saved (`base`): what the confirmation compares against.
  const { base, draft, setDraft, startFrom, changedElsewhere } = useFollowedDraft<CreditPack, PackDraft>(
    pack,
    draftFromPack,
  );
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal(
    initialNotice ? { tone: 'ok', text: initialNotice } : null,
  );
  const save = useSaveCreditPack(environment);
  const guard = useGuardedSave(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy() || !canEdit) return;
    const checked = checkPackEdit(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    const confirmation = () => {
      const changes: string[] = [];
      if (base.available && !input.available) changes.push('Hides the pack: players can no longer buy it.');
      if (!base.available && input.available) changes.push('Puts the pack on sale to players.');
      if (input.costUSD !== base.costUSD) {
        changes.push(`Changes the price from ${formatPrice(base.costUSD)} to ${formatPrice(input.costUSD)}.`);
      }
      if (input.credits !== base.credits) changes.push(`Changes the credits from ${base.credits} to ${input.credits}.`);
      return {
        message: <p>This saves the credit pack “{input.name}” in production, where players buy it.</p>,
        items: changes,
        confirmLabel: 'Save to production',
      };
    };
    await guard.run(confirmation, (done) => {
      report(null);
      save.mutate(
        { packID: pack.packID, input },
        {
          onSuccess: (saved) => {
            startFrom(saved);
            report({ tone: 'ok', text: PACK_MESSAGES.saved });
          },
          onError: (error) => refuse(...serverRefusal(error, (text) => `The credit pack was not saved. ${text}`)),
          onSettled: done,
        },
      );
    });
  };

  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
      {!canEdit && <ReadOnlyNotice>Your role may view this credit pack but not change it.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
        <PackFields draft={draft} onChange={setDraft} idFixed errors={errors} />
      </fieldset>
      <p className={adminStyles.note}>
        Packs are never deleted, as orders keep naming them; untick “Available to players” to take one off sale.
      </p>
      <FormAlert notice={changedElsewhere && notice?.tone !== 'error' ? CHANGED_ELSEWHERE : notice} ref={alertRef} />
      {changedElsewhere && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={() => startFrom(pack)}>
            Load the credit pack as it is now (discards your changes)
          </button>
        </div>
      )}
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save credit pack
          </button>
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
