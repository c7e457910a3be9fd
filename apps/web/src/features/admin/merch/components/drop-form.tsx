import type { Environment } from '@outpost/contracts/environments';
import type { MerchDropAdmin } from '@outpost/contracts/merch';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { useConfirmDialog } from '../../components/confirm-dialog';
import { formatInstant, localTimeZone } from '../../components/local-time';
import { type ProductionConfirmation, useGuardedSave } from '../../components/use-guarded-save';
import { type MerchDropChange, useChangeMerchDrop } from '../api/change-merch-drop';
import {
  checkMerchDropEdit,
  checkNewMerchDrop,
  draftFromMerchDrop,
  MERCH_DROP_MESSAGES,
  type MerchDropDraft,
  newMerchDropDraft,
} from '../drop-form';
import styles from '../merch.module.css';
import { ProductPicker } from './product-picker';

interface MerchDropFormProps {
  environment: Environment;
  /** The drop being edited; null for a new one. */
  editing: MerchDropAdmin | null;
  /** Back to a blank new drop, after a save, a delete or Cancel. */
  onDone: (notice: FormNotice | null) => void;
  initialNotice: FormNotice | null;
}

/** Creates a merch drop, or edits or deletes the one chosen in the list. The opening is typed in the admin's zone. */
export function MerchDropForm({ environment, editing, onDone, initialNotice }: MerchDropFormProps) {
  const [draft, setDraft] = useState<MerchDropDraft>(() =>
    editing ? draftFromMerchDrop(editing) : newMerchDropDraft(),
  );
  const [notice, setNotice] = useState<FormNotice | null>(initialNotice);
  const change = useChangeMerchDrop(environment);
  const guard = useGuardedSave(environment);
  const { confirm, dialog } = useConfirmDialog();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A drop picked in the list below, or the form back after a change: focus (and the view) comes
  // here, so keyboard and screen reader users land on what changed. On first arrival it stays put.
  const arrivedByAction = useRef(editing !== null || initialNotice !== null);
  useEffect(() => {
    if (arrivedByAction.current) heading.current?.focus();
  }, []);
  const set = <Field extends keyof MerchDropDraft>(field: Field, value: MerchDropDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const run = (confirmation: () => ProductionConfirmation, request: MerchDropChange, done: string) =>
    guard.run(confirmation, (settled) => {
      setNotice(null);
      change.mutate(request, {
        onSuccess: () => onDone({ tone: 'ok', text: done }),
        onError: (error) => setNotice({ tone: 'error', text: `The drop was not changed. ${error.message}` }),
        onSettled: settled,
      });
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy()) return;
    if (editing) {
      const checked = checkMerchDropEdit(draft);
      if (!checked.ok) return setNotice({ tone: 'error', text: checked.message });
      const confirmation = () => ({
        message: <p>This saves the merch drop “{checked.value.name}” in production, where players wait for it.</p>,
        confirmLabel: 'Save to production',
      });
      return void run(
        confirmation,
        { kind: 'update', dropID: editing.dropID, input: checked.value },
        MERCH_DROP_MESSAGES.saved,
      );
    }
    const checked = checkNewMerchDrop(draft);
    if (!checked.ok) return setNotice({ tone: 'error', text: checked.message });
    const confirmation = () => ({
      message: (
        <p>
          This creates the merch drop “{checked.value.name}” in production, opening{' '}
          {formatInstant(checked.value.opensAt)}.
        </p>
      ),
      confirmLabel: 'Create in production',
    });
    return void run(confirmation, { kind: 'create', input: checked.value }, MERCH_DROP_MESSAGES.created);
  };

  const remove = async () => {
    if (!editing || guard.busy()) return;
    const waiting = editing.subscribers;
    const confirmation = {
      message: (
        <p>
          This deletes the merch drop “{editing.name}” (opening {formatInstant(editing.opensAt)}) in {environment}. Its
          products go on sale whenever they are Active.
        </p>
      ),
      items:
        waiting > 0 ? [`${waiting} ${waiting === 1 ? 'player waiting' : 'players waiting'} will not be told.`] : [],
      confirmLabel: 'Delete drop',
    };
    // A delete cannot be taken back, so it asks in every environment (in production, the guard asks).
    if (
      environment !== 'production' &&
      !(await confirm({ title: `Delete the drop ${editing.dropID}?`, ...confirmation }))
    ) {
      return;
    }
    await run(
      () => confirmation,
      { kind: 'delete', dropID: editing.dropID },
      MERCH_DROP_MESSAGES.deleted(editing.dropID),
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={change.isPending}
      aria-labelledby={`${titleId}-title`}
    >
      <h2 id={`${titleId}-title`} ref={heading} tabIndex={-1}>
        {editing ? `Edit drop ${editing.dropID}` : 'New drop'}
      </h2>
      <FormField
        label="Drop ID"
        value={draft.dropID}
        readOnly={editing !== null}
        hint={editing ? 'A drop keeps its ID.' : "Unique in this environment; lower-case letters, digits, '-' and '_'."}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('dropID', event.target.value.toLowerCase())}
      />
      <FormField label="Name" value={draft.name} onChange={(event) => set('name', event.target.value)} />
      <FormField
        label="Opens at"
        type="datetime-local"
        hint={`In your time zone (${localTimeZone()}); players who subscribed are emailed then.`}
        value={draft.opensAt}
        onChange={(event) => set('opensAt', event.target.value)}
      />
      <ProductPicker
        environment={environment}
        value={draft.products}
        onChange={(products) => set('products', products)}
      />
      <FormAlert notice={notice} />
      <div className={styles.actions}>
        <button type="submit" className={`button ${styles.submit}`} disabled={change.isPending}>
          {editing ? 'Save drop' : 'Create drop'}
        </button>
        {editing && (
          <>
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => void remove()}
              disabled={change.isPending}
            >
              Delete drop
            </button>
            <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
              Cancel
            </button>
          </>
        )}
      </div>
      {guard.dialog}
      {dialog}
    </form>
  );
}
