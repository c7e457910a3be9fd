import { type ReactNode, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { AdminFormFrame } from './admin-form-frame';
import styles from './admin-screen.module.css';
import { useConfirmDialog } from './confirm-dialog';
import type { InlineFormProps } from './inline-editor';
import { serverRefusal } from './server-refusal';
import { type ProductionConfirmation, useGuardedSave } from './use-guarded-save';

/** A create or an update of a drop (the rest of the shop's DropChange, merch's MerchDropChange). */
type SaveDrop = { kind: 'create' | 'update' };
type DeleteDrop = { kind: 'delete'; dropID: string };

/** The mutation that sends it (TanStack's). */
interface DropMutation<Request> {
  mutate: (
    request: Request,
    options: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
  isPending: boolean;
}

interface DropFormOptions<Drop extends { dropID: string }, Draft extends { dropID: string }, Request>
  extends InlineFormProps<Drop> {
  change: DropMutation<Request | DeleteDrop>;
  /** What the form says after each change. */
  messages: { created: string; saved: string; deleted: (dropID: string) => string };
  /** The draft the form starts from: the drop's, or a blank one (null). */
  draftOf: (drop: Drop | null) => Draft;
  /** What deleting the drop edited means, for the confirmation. */
  deleteConfirmation: (drop: Drop) => ProductionConfirmation;
}

/**
 * A drop form's state and changes (the shop's machine drops, merch's product drops): the draft,
 * and saves one at a time through useGuardedSave, so production asks first. A success closes the
 * form with what happened; a refusal stays in the form's alert region and marks the
 * fields it names (the form's check's, or the server's), focusing the first. A delete
 * cannot be taken back, so it asks in every environment (in production, the guard asks).
 */
export function useDropForm<
  Drop extends { dropID: string },
  Draft extends { dropID: string },
  Request extends SaveDrop,
>(options: DropFormOptions<Drop, Draft, Request>) {
  const { environment, editing, onDone, change, messages, draftOf, deleteConfirmation } = options;
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const guard = useGuardedSave(environment);
  const { confirm, dialog } = useConfirmDialog();
  const set = <Field extends keyof Draft>(field: Field, value: Draft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const send = (request: Request | DeleteDrop, done: string, confirmation: () => ProductionConfirmation) =>
    guard.run(confirmation, (settled) => {
      report(null);
      change.mutate(request, {
        onSuccess: () => onDone({ tone: 'ok', text: done }),
        onError: (error) => refuse(...serverRefusal(error, (text) => `The drop was not changed. ${text}`)),
        onSettled: settled,
      });
    });

  const save = (request: Request, confirmation: () => ProductionConfirmation) =>
    send(request, request.kind === 'create' ? messages.created : messages.saved, confirmation);

  const remove = async () => {
    if (!editing || guard.busy()) return;
    const { dropID } = editing;
    const confirmation = deleteConfirmation(editing);
    if (environment !== 'production' && !(await confirm({ title: `Delete the drop ${dropID}?`, ...confirmation }))) {
      return;
    }
    await send({ kind: 'delete', dropID }, messages.deleted(dropID), () => confirmation);
  };

  return {
    draft,
    set,
    /** A problem the form's own check found, and the fields at fault; nothing was sent. */
    refuse: (message: string, fields?: FieldErrors) => refuse(message, fields),
    /** The fields at fault, each with its message, for the form's own fields. */
    errors,
    /** Sends a create or an update, after the production confirmation. */
    save,
    frame: {
      editingID: editing?.dropID ?? null,
      dropID: draft.dropID,
      setDropID: (dropID: string) => set('dropID', dropID),
      notice,
      errors,
      formRef,
      alertRef,
      busy: guard.busy,
      pending: change.isPending,
      remove,
      cancel: () => onDone(null),
      dialogs: (
        <>
          {guard.dialog}
          {dialog}
        </>
      ),
    },
  };
}

interface DropFormFrameProps {
  /** useDropForm's `frame`. */
  form: ReturnType<typeof useDropForm>['frame'];
  /** Checks the draft and sends it (useDropForm's `save`); not called while a change is on its way. */
  onSubmit: () => void;
  /** The form's own fields, after the Drop ID. */
  children: ReactNode;
}

/**
 * A drop form over the drops' list: "New drop", or "Edit drop <id>" with Delete and Cancel; the
 * Drop ID first (kept once saved), the screen's own fields, and the outcome in the alert region.
 */
export function DropFormFrame({ form, onSubmit, children }: DropFormFrameProps) {
  return (
    <AdminFormFrame
      title={form.editingID === null ? 'New drop' : `Edit drop ${form.editingID}`}
      headingLevel={2}
      arrivedByAction
      pending={form.pending}
      busy={form.busy}
      onSubmit={onSubmit}
      formRef={form.formRef}
    >
      <FormField
        label="Drop ID"
        value={form.dropID}
        error={form.errors.dropID}
        readOnly={form.editingID !== null}
        hint={
          form.editingID === null
            ? "Unique in this environment; lower-case letters, digits, '-' and '_'."
            : 'A drop keeps its ID.'
        }
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => form.setDropID(event.target.value.toLowerCase())}
      />
      {children}
      <FormAlert notice={form.notice} ref={form.alertRef} />
      <div className={styles.submitRow}>
        <button type="submit" className={`button ${styles.submit}`} disabled={form.pending}>
          {form.editingID === null ? 'Create drop' : 'Save drop'}
        </button>
        {form.editingID !== null && (
          <>
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => void form.remove()}
              disabled={form.pending}
            >
              Delete drop
            </button>
            <button type="button" className={listStyles.plainButton} onClick={form.cancel}>
              Cancel
            </button>
          </>
        )}
      </div>
      {form.dialogs}
    </AdminFormFrame>
  );
}
