import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { ITEM_MESSAGES, type Item } from '@outpost/contracts/items';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useNavigate, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { DeleteSection } from '../components/delete-section';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useDeleteItem, useRenameItem } from './api/change-item';
import { useItem } from './api/get-item';
import { checkRename } from './item-form';
import styles from './items.module.css';

/** One item of items-master: its name (its ID never changes), what sells it, and its delete. */
export default function ItemEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { itemID = '' } = useParams();
  const item = useItem(environment, itemID);

  const content = (
    <LoadState query={item} what="item" missing={`There is no item “${itemID}” in items-master of ${environment}.`}>
      {(loaded) => (
        // Another environment or item starts a new form: edits never carry across.
        <ItemEditForm
          key={`${environment}/${itemID}`}
          environment={environment}
          item={loaded}
          canEdit={capabilities.manageShop}
        />
      )}
    </LoadState>
  );

  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="item-edit-title">
      <h1 id="item-edit-title">
        <span className="visually-hidden">Edit item </span>
        {item.data?.name ?? itemID}
      </h1>
      <p className={adminStyles.lead}>
        Item {itemID} in {environment}. <Link to={ADMIN_ROUTES.adminItems}>Back to the items</Link>
      </p>
      {content}
    </section>
  );
}

interface ItemEditFormProps {
  environment: Environment;
  item: Item;
  canEdit: boolean;
}

function ItemEditForm({ environment, item, canEdit }: ItemEditFormProps) {
  const [name, setName] = useState(item.name);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const saving = useRef(false);
  const rename = useRenameItem(environment, item.itemID);
  const remove = useDeleteItem(environment, item.itemID);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();
  const sellers = `${ADMIN_ROUTES.adminPurchasables}?itemID=${encodeURIComponent(item.itemID)}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current || !canEdit) return;
    const checked = checkRename(name, item);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    saving.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: <p>This renames the item {item.itemID} in production, where players see its name.</p>,
        items: [`Name: ${item.name} → ${checked.value.name}`],
        confirmLabel: 'Rename in production',
      }))
    ) {
      saving.current = false;
      return;
    }
    report(null);
    rename.mutate(checked.value, {
      onSuccess: (saved) => {
        setName(saved.name);
        report({ tone: 'ok', text: ITEM_MESSAGES.itemSaved });
      },
      onError: (error) => refuse(...serverRefusal(error, (text) => `The item was not saved. ${text}`)),
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  return (
    <>
      <ul className={styles.links}>
        <li>
          <Link to={sellers}>Purchasables that sell it</Link>
        </li>
        {canEdit && (
          <li>
            <Link to={`${ADMIN_ROUTES.adminPurchasableNew}?itemID=${encodeURIComponent(item.itemID)}`}>
              + New purchasable of this item
            </Link>
          </li>
        )}
      </ul>
      <form ref={formRef} className={adminStyles.narrowForm} onSubmit={submit} noValidate aria-busy={rename.isPending}>
        {!canEdit && <ReadOnlyNotice>Your role may view this item but not change it.</ReadOnlyNotice>}
        <fieldset className={adminStyles.plain} disabled={!canEdit}>
          <FormField label="Item ID" value={item.itemID} readOnly hint="An item's ID never changes." />
          <FormField label="Name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
        </fieldset>
        <FormAlert notice={notice} ref={alertRef} />
        {canEdit && (
          <div className={adminStyles.submitRow}>
            <button type="submit" className={`button ${adminStyles.submit}`} disabled={rename.isPending}>
              Save Changes
            </button>
          </div>
        )}
        {dialog}
      </form>
      {canEdit && (
        <DeleteSection
          environment={environment}
          heading="Delete this item"
          description={
            <p>
              Only an item nothing uses can go: no purchasable sells it, no player holds it, no prize or reward names
              it. Otherwise the server says what still uses it.
            </p>
          }
          confirmMessage={
            <p>
              This removes “{item.name}” ({item.itemID}) from items-master of {environment}.
            </p>
          }
          confirmLabel="Delete item"
          onDelete={() => remove.mutateAsync()}
          onDeleted={() => navigate(ADMIN_ROUTES.adminItems, { replace: true })}
        />
      )}
    </>
  );
}
