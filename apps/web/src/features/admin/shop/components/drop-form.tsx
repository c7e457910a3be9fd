import type { Environment } from '@outpost/contracts/environments';
import type { Drop } from '@outpost/contracts/shop';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import formStyles from '../../../../components/form/form.module.css';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { PRODUCTION_TITLE, useConfirmDialog } from '../../components/confirm-dialog';
import { formatInstant, localTimeZone } from '../../components/local-time';
import productStyles from '../../products/products.module.css';
import { type DropChange, useChangeDrop } from '../api/change-drop';
import { useMachineChoices } from '../api/get-machines';
import { checkDropEdit, checkNewDrop, DROP_MESSAGES, type DropDraft, draftFromDrop, newDropDraft } from '../drop-form';
import styles from '../shop.module.css';

interface DropFormProps {
  environment: Environment;
  /** The drop being edited; null for a new one. */
  editing: Drop | null;
  /** Back to a blank new drop, after a save, a delete or Cancel. */
  onDone: (notice: FormNotice | null) => void;
  initialNotice: FormNotice | null;
}

/** Creates a drop, or edits or deletes the one chosen in the list. Times are typed in the admin's zone. */
export function DropForm({ environment, editing, onDone, initialNotice }: DropFormProps) {
  const [draft, setDraft] = useState<DropDraft>(() => (editing ? draftFromDrop(editing) : newDropDraft()));
  const [notice, setNotice] = useState<FormNotice | null>(initialNotice);
  const busy = useRef(false);
  const change = useChangeDrop(environment);
  const machines = useMachineChoices(environment);
  const { confirm, dialog } = useConfirmDialog();
  const machineId = useId();
  const zone = localTimeZone();
  const heading = useRef<HTMLHeadingElement>(null);
  // A drop picked in the list below, or the form back after a change: focus (and the view) comes
  // here, so keyboard and screen reader users land on what changed. On first arrival it stays put.
  const arrivedByAction = useRef(editing !== null || initialNotice !== null);
  useEffect(() => {
    if (arrivedByAction.current) heading.current?.focus();
  }, []);
  const set = <Field extends keyof DropDraft>(field: Field, value: DropDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const run = async (request: DropChange, confirmation: Parameters<typeof confirm>[0] | null, done: string) => {
    busy.current = true;
    if (confirmation && !(await confirm(confirmation))) {
      busy.current = false;
      return;
    }
    setNotice(null);
    change.mutate(request, {
      onSuccess: () => onDone({ tone: 'ok', text: done }),
      onError: (error) => setNotice({ tone: 'error', text: `The drop was not changed. ${error.message}` }),
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    if (editing) {
      const checked = checkDropEdit(draft);
      if (!checked.ok) return setNotice({ tone: 'error', text: checked.message });
      const confirmation =
        environment === 'production'
          ? {
              title: PRODUCTION_TITLE,
              message: <p>This saves the drop “{checked.value.name}” in production, where players wait for it.</p>,
              confirmLabel: 'Save to production',
            }
          : null;
      return void run(
        { kind: 'update', dropID: editing.dropID, input: checked.value },
        confirmation,
        DROP_MESSAGES.saved,
      );
    }
    const checked = checkNewDrop(draft);
    if (!checked.ok) return setNotice({ tone: 'error', text: checked.message });
    const confirmation =
      environment === 'production'
        ? {
            title: PRODUCTION_TITLE,
            message: <p>This creates the drop “{checked.value.name}” in production.</p>,
            confirmLabel: 'Create in production',
          }
        : null;
    return void run({ kind: 'create', input: checked.value }, confirmation, DROP_MESSAGES.created);
  };

  const remove = () => {
    if (!editing || busy.current) return;
    // A delete cannot be taken back, so it asks in every environment.
    void run(
      { kind: 'delete', dropID: editing.dropID },
      {
        title: environment === 'production' ? PRODUCTION_TITLE : `Delete the drop ${editing.dropID}?`,
        message: (
          <p>
            This deletes the drop “{editing.name}” ({formatInstant(editing.opensAt)} to{' '}
            {formatInstant(editing.closesAt)}) in {environment}. A machine with no drop left spins whenever it is
            available.
          </p>
        ),
        confirmLabel: 'Delete drop',
      },
      DROP_MESSAGES.deleted(editing.dropID),
    );
  };

  return (
    <form
      className={`${productStyles.form} ${styles.dropForm}`}
      onSubmit={submit}
      noValidate
      aria-busy={change.isPending}
      aria-labelledby={`${machineId}-title`}
    >
      <h2 id={`${machineId}-title`} ref={heading} tabIndex={-1}>
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
      <div className={formStyles.field}>
        <label htmlFor={machineId}>Machine</label>
        <select
          id={machineId}
          className={formStyles.input}
          value={draft.machineID}
          onChange={(event) => set('machineID', event.target.value)}
        >
          <option value="">Choose a machine</option>
          {machines.data?.rows.map((machine) => (
            <option key={machine.machineID} value={machine.machineID}>
              {machine.name} ({machine.machineID}){machine.available ? '' : ', unavailable'}
            </option>
          ))}
        </select>
      </div>
      <FormField label="Name" value={draft.name} onChange={(event) => set('name', event.target.value)} />
      <FormField
        label="Opens at"
        type="datetime-local"
        hint={`In your time zone (${zone}).`}
        value={draft.opensAt}
        onChange={(event) => set('opensAt', event.target.value)}
      />
      <FormField
        label="Closes at"
        type="datetime-local"
        hint={`In your time zone (${zone}); the machine stops spinning then.`}
        value={draft.closesAt}
        onChange={(event) => set('closesAt', event.target.value)}
      />
      <FormAlert notice={notice} />
      <div className={productStyles.submitRow}>
        <button type="submit" className={`button ${productStyles.submit}`} disabled={change.isPending}>
          {editing ? 'Save drop' : 'Create drop'}
        </button>
        {editing && (
          <>
            <button type="button" className={listStyles.plainButton} onClick={remove} disabled={change.isPending}>
              Delete drop
            </button>
            <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
              Cancel
            </button>
          </>
        )}
      </div>
      {dialog}
    </form>
  );
}
