import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigState, RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';
import { type ReactNode, useRef } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { CallableError } from '../../../lib/callable';
import { AdminFormFrame } from '../../admin/components/admin-form-frame';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { type ConfirmRequest, useConfirmDialog } from '../../admin/components/confirm-dialog';
import { serverRefusal } from '../../admin/components/server-refusal';
import { useLatestState, useSaveDraft } from '../api';

/** A change to the draft: the template it makes of the draft it is applied to. */
export type DraftChange = (template: RemoteConfigTemplate) => RemoteConfigTemplate;

/**
 * A form that changes the draft (a parameter's, a condition's): each save sends the whole draft it was
 * opened on, with that draft's revision, so a save someone made meanwhile refuses it (409) instead of
 * being overwritten. The refusal stays in the form's alert region and the form then builds on the
 * latest draft, so saving again makes the admin's change there. A draft reaches no player: only a
 * publish does, which is where production asks first.
 */
export function useDraftForm(
  environment: Environment,
  opened: RemoteConfigState,
  onDone: (notice: FormNotice) => void,
) {
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const save = useSaveDraft(environment);
  const latest = useLatestState(environment);
  const base = useRef({ template: opened.draft, revision: opened.draftRevision });
  const { confirm, dialog } = useConfirmDialog();

  const send = (change: DraftChange, done: string) => {
    if (save.isPending) return;
    report(null);
    save.mutate(
      { template: change(base.current.template), revision: base.current.revision },
      {
        onSuccess: () => onDone({ tone: 'ok', text: done }),
        onError: (error) => {
          refuse(...serverRefusal(error, (text) => `The draft was not saved. ${text}`));
          if (error instanceof CallableError && error.status === 'aborted') {
            void latest().then((state) => {
              base.current = { template: state.draft, revision: state.draftRevision };
            });
          }
        },
      },
    );
  };

  return {
    /** The draft the form builds on. */
    template: () => base.current.template,
    errors,
    /** The form's own check found these; nothing was sent. */
    refuse: (message: string, fields?: FieldErrors) =>
      fields && Object.keys(fields).length > 0 ? refuseAtFields(fields) : refuse(message),
    send,
    /** Asks before a change that throws something away, then sends it. */
    confirmThenSend: async (request: ConfirmRequest, change: DraftChange, done: string) => {
      if (save.isPending || !(await confirm(request))) return;
      send(change, done);
    },
    frame: { formRef, alertRef, notice, pending: save.isPending, dialog },
  };
}

interface DraftFormFrameProps {
  form: ReturnType<typeof useDraftForm>['frame'];
  /** "New parameter", "Edit parameter welcome_message": the heading, which names the form. */
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  /** The delete button of a record being edited (none for a new one). */
  remove?: { label: string; onClick: () => void };
  onCancel: () => void;
  children: ReactNode;
}

/** A draft form in its sheet: its heading, its fields, the outcome, and Save, Delete and Cancel. */
export function DraftFormFrame({
  form,
  title,
  submitLabel,
  onSubmit,
  remove,
  onCancel,
  children,
}: DraftFormFrameProps) {
  return (
    <AdminFormFrame
      title={title}
      headingLevel={2}
      arrivedByAction
      pending={form.pending}
      busy={() => form.pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
    >
      {children}
      <FormAlert notice={form.notice} ref={form.alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={form.pending}>
          {submitLabel}
        </button>
        {remove && (
          <button type="button" className={listStyles.plainButton} onClick={remove.onClick} disabled={form.pending}>
            {remove.label}
          </button>
        )}
        <button type="button" className={listStyles.plainButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {form.dialog}
    </AdminFormFrame>
  );
}
