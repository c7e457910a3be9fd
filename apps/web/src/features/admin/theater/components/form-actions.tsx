import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormAlert } from '../../../../components/form/form-alert';
import adminStyles from '../../components/admin-screen.module.css';
import type { TheaterChange } from './use-theater-change';

export interface FormActionsProps {
  change: TheaterChange;
  submitLabel: string;
  /** Loads the record as saved now, over the form; offered after a save met someone else's newer one. */
  onReload?: () => void;
  /** Present while a saved record is edited ("Delete episode"). */
  remove?: { label: string; run: () => void };
  onCancel?: () => void;
}

/**
 * The foot of a theater form: the outcome in its alert region, the load-theirs button after a
 * conflict, then the submit and the other actions. Buttons stay while a change is on its way
 * (the guard ignores a second press), only the submit is disabled, as every admin form does.
 */
export function FormActions({ change, submitLabel, onReload, remove, onCancel }: FormActionsProps) {
  return (
    <>
      <FormAlert notice={change.notice} />
      {change.stale && onReload && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={onReload}>
            Load the latest version (discards your changes)
          </button>
        </div>
      )}
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.pending}>
          {submitLabel}
        </button>
        {remove && (
          <button type="button" className={listStyles.plainButton} onClick={remove.run} disabled={change.pending}>
            {remove.label}
          </button>
        )}
        {onCancel && (
          <button type="button" className={listStyles.plainButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {change.dialogs}
    </>
  );
}
