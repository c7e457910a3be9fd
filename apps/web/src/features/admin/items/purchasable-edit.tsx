import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { ITEM_MESSAGES, type Purchasable } from '@outpost/contracts/items';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useNavigate, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { DeleteSection } from '../components/delete-section';
import { LoadState } from '../components/load-state';
import { formatInstant } from '../components/local-time';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useDeletePurchasable, useMergePurchasable } from './api/change-purchasable';
import { usePurchasable } from './api/get-purchasable';
import { PurchasableFields } from './components/purchasable-fields';
import styles from './items.module.css';
import { describeChanges, draftFromPurchasable, type PurchasableDraft, purchasableChanges } from './purchasable-form';

/** One purchasable: a save merges only the fields changed here (docs/product.md §7.9); moderators only look. */
export default function PurchasableEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { purchasableID = '' } = useParams();
  const purchasable = usePurchasable(environment, purchasableID);

  const content = (
    <LoadState
      query={purchasable}
      what="purchasable"
      missing={`There is no purchasable “${purchasableID}” in ${environment}.`}
    >
      {(loaded) => (
        // Another environment or purchasable starts a new form: edits never carry across.
        <PurchasableEditForm
          key={`${environment}/${purchasableID}`}
          environment={environment}
          purchasable={loaded}
          canEdit={capabilities.manageShop}
        />
      )}
    </LoadState>
  );

  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="purchasable-edit-title">
      <h1 id="purchasable-edit-title">
        <span className="visually-hidden">Edit purchasable </span>
        {purchasable.data?.name ?? purchasableID}
      </h1>
      <p className={adminStyles.lead}>
        Purchasable {purchasableID} in {environment}.{' '}
        <Link to={ADMIN_ROUTES.adminPurchasables}>Back to the purchasables</Link>
      </p>
      {content}
    </section>
  );
}

interface PurchasableEditFormProps {
  environment: Environment;
  purchasable: Purchasable;
  canEdit: boolean;
}

function PurchasableEditForm({ environment, purchasable, canEdit }: PurchasableEditFormProps) {
  // The purchasable as last loaded or saved: what a save compares the fields against.
  const [base, setBase] = useState(purchasable);
  const [draft, setDraft] = useState<PurchasableDraft>(() => draftFromPurchasable(purchasable));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const saving = useRef(false);
  const merge = useMergePurchasable(environment);
  const remove = useDeletePurchasable(environment, purchasable.purchasableID);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current || !canEdit) return;
    const checked = purchasableChanges(base, draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    saving.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: <p>This changes “{base.name}” in production, where players buy it:</p>,
        items: describeChanges(base, checked.value),
        confirmLabel: 'Save to production',
      }))
    ) {
      saving.current = false;
      return;
    }
    report(null);
    merge.mutate(
      { purchasableID: base.purchasableID, input: checked.value },
      {
        onSuccess: ({ purchasable: saved }) => {
          // The answer holds other admins' changes to the other fields too.
          setBase(saved);
          setDraft(draftFromPurchasable(saved));
          report({ tone: 'ok', text: ITEM_MESSAGES.purchasableSaved });
        },
        onError: (error) => refuse(...serverRefusal(error, (text) => `The purchasable was not saved. ${text}`)),
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  return (
    <>
      <form ref={formRef} className={adminStyles.narrowForm} onSubmit={submit} noValidate aria-busy={merge.isPending}>
        {!canEdit && <ReadOnlyNotice>Your role may view this purchasable but not change it.</ReadOnlyNotice>}
        <fieldset className={adminStyles.plain} disabled={!canEdit}>
          <PurchasableFields
            environment={environment}
            draft={draft}
            onChange={setDraft}
            idEditable={false}
            errors={errors}
          />
        </fieldset>
        <p className={adminStyles.note}>
          A save changes only the fields you changed; last changed {formatInstant(base.updatedAt)}.
        </p>
        <FormAlert notice={notice} ref={alertRef} />
        {canEdit && (
          <div className={adminStyles.submitRow}>
            <button type="submit" className={`button ${adminStyles.submit}`} disabled={merge.isPending}>
              Save Changes
            </button>
          </div>
        )}
        {dialog}
      </form>
      {canEdit && (
        <DeleteSection
          environment={environment}
          heading="Delete this purchasable"
          description={<p>To take it off sale for now, untick Available instead; a delete cannot be taken back.</p>}
          confirmMessage={
            <p>
              This deletes “{base.name}” ({base.purchasableID}) from {environment}; the game stops selling it at its
              next refresh.
            </p>
          }
          confirmLabel="Delete purchasable"
          onDelete={() => remove.mutateAsync()}
          onDeleted={() => navigate(ADMIN_ROUTES.adminPurchasables, { replace: true })}
        />
      )}
    </>
  );
}
