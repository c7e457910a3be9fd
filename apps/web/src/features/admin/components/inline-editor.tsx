import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FormNotice } from '../../../components/form/form-alert';

/**
 * A list whose rows are edited in a form above it (the drops): which row the form edits (null: a
 * new one), the notice it opens with, and a key that changes with each start, so nothing typed for
 * one row goes to another. `start(null, notice)` brings back a blank form after a change.
 */
export function useInlineEditor<Row>() {
  const [state, setState] = useState<{ editing: Row | null; notice: FormNotice | null; formKey: number }>({
    editing: null,
    notice: null,
    formKey: 0,
  });
  const start = (editing: Row | null, notice: FormNotice | null) =>
    setState((current) => ({ editing, notice, formKey: current.formKey + 1 }));
  return { ...state, start };
}

/** The list's "Edit" button of one row, named for the row ("Edit drop friday"). */
export function EditRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={listStyles.plainButton} aria-label={label} onClick={onClick}>
      Edit
    </button>
  );
}
