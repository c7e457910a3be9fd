import type { Environment } from '@outpost/contracts/environments';
import type { RowData } from '@tanstack/react-table';
import { type ComponentType, useState } from 'react';
import { AdminList, type AdminListProps } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import styles from './admin-screen.module.css';
import { FormSheet } from './form-sheet';
import { NewRecordButton } from './new-record-button';
import { ReadOnlyNotice } from './read-only-notice';

/**
 * What the form over an inline-edited list shows: nothing (closed), a new row, or the row picked
 * in the list; the outcome of the last change, shown beside the list once the form closes; and a
 * key that changes with each opening, so nothing typed for one row goes to another. A row belongs
 * to its environment: switching environments closes the form, so a save never writes one
 * environment's row into another.
 */
type Editing<Row> = { row: Row | null } | null;

export function useInlineEditor<Row>(environment: Environment, openNew = false) {
  const [state, setState] = useState<{
    environment: Environment;
    editing: Editing<Row>;
    notice: FormNotice | null;
    formKey: number;
  }>({ environment, editing: openNew ? { row: null } : null, notice: null, formKey: 0 });
  if (state.environment !== environment) {
    setState({ environment, editing: null, notice: null, formKey: state.formKey + 1 });
  }
  const open = (row: Row | null) =>
    setState((current) => ({ environment, editing: { row }, notice: null, formKey: current.formKey + 1 }));
  const close = (notice: FormNotice | null) =>
    setState((current) => ({ ...current, editing: null, notice: notice ?? current.notice }));
  return { ...state, open, close };
}

/** The list's "Edit" button of one row, named for the row ("Edit drop friday"). */
export function EditRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={listStyles.plainButton} aria-label={label} onClick={onClick}>
      Edit
    </button>
  );
}

/** What the form of an inline-edited list gets. */
export interface InlineFormProps<Row> {
  environment: Environment;
  /** The row being edited; null for a new one. */
  editing: Row | null;
  /** Closes the form, with what a save or a delete did (null: Cancel, nothing changed). */
  onDone: (notice: FormNotice | null) => void;
  /** A new row's start (ISO), when the calendar sent the admin here to create one at a time. */
  startsAt?: string | null;
}

interface InlineEditedListProps<Row extends RowData, Sort extends string>
  extends Omit<AdminListProps<Row, Sort>, 'rowAction'> {
  environment: Environment;
  /** Whether the viewer may change the rows: a "New" button and an Edit button per row. */
  canEdit: boolean;
  /** The button that opens a blank form, and the form's name ("New drop"). */
  newLabel: string;
  /** What a viewer who may only read is told instead of the form. */
  readOnlyText: string;
  /** The form that creates a row, or edits the one picked in the list. */
  form: ComponentType<InlineFormProps<Row>>;
  /** The accessible name of a row's Edit button ("Edit drop friday"). */
  editLabel: (row: Row) => string;
  /** A start the calendar's "New" chose (its ?at=): the new form opens on arrival starting then. */
  startsAt?: string | null;
}

/**
 * An admin list whose rows are created with a button above it and picked in it to edit or delete
 * (the shop's and merch's drops, objectives, episodes). The form opens over the list in a sheet,
 * starts over for each row, and closes after each change with its outcome above the list; those
 * who may only read get a notice instead of the button.
 */
export function InlineEditedList<Row extends RowData, Sort extends string>(props: InlineEditedListProps<Row, Sort>) {
  const { environment, canEdit, readOnlyText, newLabel, form: Form, editLabel, startsAt = null, ...list } = props;
  const editor = useInlineEditor<Row>(environment, startsAt !== null);
  return (
    <>
      {canEdit ? (
        <div className={styles.toolbar}>
          <NewRecordButton label={newLabel} onClick={() => editor.open(null)} />
          <FormAlert notice={editor.notice} />
        </div>
      ) : (
        <ReadOnlyNotice>{readOnlyText}</ReadOnlyNotice>
      )}
      {canEdit && editor.editing && (
        <FormSheet
          key={editor.formKey}
          label={editor.editing.row === null ? newLabel : editLabel(editor.editing.row)}
          onClose={() => editor.close(null)}
        >
          <Form
            environment={environment}
            editing={editor.editing.row}
            onDone={editor.close}
            // The opening on arrival only: a later "New" starts blank.
            startsAt={editor.formKey === 0 ? startsAt : null}
          />
        </FormSheet>
      )}
      <AdminList
        {...list}
        rowAction={
          canEdit
            ? {
                header: 'Change',
                cell: (row) => <EditRowButton label={editLabel(row)} onClick={() => editor.open(row)} />,
              }
            : undefined
        }
      />
    </>
  );
}
