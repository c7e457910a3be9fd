import { ADMIN_ROUTES, adminPurchasablePath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { ITEM_MESSAGES } from '@outpost/contracts/items';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useSearchParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useMergePurchasable } from './api/change-purchasable';
import { PurchasableFields } from './components/purchasable-fields';
import styles from './items.module.css';
import { checkNewPurchasable, newPurchasableDraft, type PurchasableDraft } from './purchasable-form';

/** A new purchasable (`?itemID=` picks its item), for those who run the shop. */
export default function PurchasableNew() {
  const { environment, capabilities } = useAdminAccessContext();
  const [params] = useSearchParams();
  const itemID = params.get('itemID') ?? '';
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="purchasable-new-title">
      <h1 id="purchasable-new-title">New Purchasable</h1>
      <p className={adminStyles.lead}>
        Something the game sells for credits in {environment}, hidden until it is made available.{' '}
        <Link to={ADMIN_ROUTES.adminPurchasables}>Back to the purchasables</Link>
      </p>
      {capabilities.manageShop ? (
        <NewPurchasableForm key={`${environment}/${itemID}`} environment={environment} itemID={itemID} />
      ) : (
        <ReadOnlyNotice>Your role may view purchasables but not create them.</ReadOnlyNotice>
      )}
    </section>
  );
}

function NewPurchasableForm({ environment, itemID }: { environment: Environment; itemID: string }) {
  const [draft, setDraft] = useState<PurchasableDraft>(() => newPurchasableDraft(itemID));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const [created, setCreated] = useState<string | null>(null);
  const creating = useRef(false);
  const merge = useMergePurchasable(environment);
  const { confirm, dialog } = useConfirmDialog();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating.current) return;
    const checked = checkNewPurchasable(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const { purchasableID, input } = checked.value;
    creating.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: (
          <p>
            This creates the purchasable “{input.name}” ({purchasableID}) in production,{' '}
            {input.available ? 'on sale to players at once' : 'hidden until made available'}.
          </p>
        ),
        confirmLabel: 'Create in production',
      }))
    ) {
      creating.current = false;
      return;
    }
    report(null);
    merge.mutate(
      { purchasableID, input },
      {
        onSuccess: ({ purchasable, created: isNew }) => {
          setCreated(purchasable.purchasableID);
          if (!isNew) {
            // Someone created this ID first; the merge then changed theirs, as a merge does.
            report({ tone: 'ok', text: `${purchasable.purchasableID} already existed; it was updated.` });
            return;
          }
          setDraft(newPurchasableDraft(itemID));
          report({ tone: 'ok', text: `${ITEM_MESSAGES.purchasableCreated} ${purchasable.name}` });
        },
        onError: (error) => refuse(...serverRefusal(error, (text) => `The purchasable was not created. ${text}`)),
        onSettled: () => {
          creating.current = false;
        },
      },
    );
  };

  return (
    <form ref={formRef} className={adminStyles.narrowForm} onSubmit={submit} noValidate aria-busy={merge.isPending}>
      <PurchasableFields environment={environment} draft={draft} onChange={setDraft} idEditable errors={errors} />
      <FormAlert notice={notice} ref={alertRef} />
      {created && (
        <p className={adminStyles.note}>
          <Link to={adminPurchasablePath(created)}>Open {created}</Link>
        </p>
      )}
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={merge.isPending}>
          Create Purchasable
        </button>
      </div>
      {dialog}
    </form>
  );
}
