import { ADMIN_ROUTES, adminItemPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { ITEM_MESSAGES } from '@outpost/contracts/items';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useCreateItem } from './api/change-item';
import { checkNewItem, emptyItemDraft, type ItemDraft } from './item-form';
import styles from './items.module.css';

/** A new item of items-master, for those who run the shop; a moderator is told they may only look. */
export default function ItemNew() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="item-new-title">
      <h1 id="item-new-title">New Item</h1>
      <p className={adminStyles.lead}>
        An item of items-master in {environment}. <Link to={ADMIN_ROUTES.adminItems}>Back to the items</Link>
      </p>
      {capabilities.manageShop ? (
        // A new environment starts a new form: nothing typed for one is created in another.
        <NewItemForm key={environment} environment={environment} />
      ) : (
        <ReadOnlyNotice>Your role may view items but not create them.</ReadOnlyNotice>
      )}
    </section>
  );
}

function NewItemForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<ItemDraft>(emptyItemDraft);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const [created, setCreated] = useState<string | null>(null);
  const creating = useRef(false);
  const create = useCreateItem(environment);
  const { confirm, dialog } = useConfirmDialog();
  const set = (field: keyof ItemDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating.current) return;
    const checked = checkNewItem(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    creating.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: (
          <p>
            This adds the item “{input.name}” ({input.itemID}) to items-master in production.
          </p>
        ),
        confirmLabel: 'Create in production',
      }))
    ) {
      creating.current = false;
      return;
    }
    report(null);
    create.mutate(input, {
      onSuccess: (item) => {
        setDraft(emptyItemDraft());
        setCreated(item.itemID);
        report({ tone: 'ok', text: `${ITEM_MESSAGES.itemCreated} ${item.name} (${item.itemID})` });
      },
      onError: (error) => refuse(...serverRefusal(error, (text) => `The item was not created. ${text}`)),
      onSettled: () => {
        creating.current = false;
      },
    });
  };

  return (
    <form ref={formRef} className={adminStyles.narrowForm} onSubmit={submit} noValidate aria-busy={create.isPending}>
      <FormField
        label="Item ID"
        value={draft.itemID}
        error={errors.itemID}
        hint="As the game names it; letters, digits, '-' and '_'. It cannot change later."
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('itemID', event.target.value)}
      />
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormAlert notice={notice} ref={alertRef} />
      {created && (
        <p className={adminStyles.note}>
          <Link to={adminItemPath(created)}>Open {created}</Link>
        </p>
      )}
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={create.isPending}>
          Create Item
        </button>
      </div>
      {dialog}
    </form>
  );
}
