import type { Environment } from '@outpost/contracts/environments';
import type { RowData } from '@tanstack/react-table';
import { type ComponentType, useState } from 'react';
import { AdminList, type AdminListProps } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FormNotice } from '../../../components/form/form-alert';
import { ReadOnlyNotice } from './read-only-notice';

/**
 * A list whose rows are edited in a form above it (the drops): which row the form edits (null: a
 * new one), the notice it opens with, and a key that changes with each start, so nothing typed for
 * one row goes to another. `start(null, notice)` brings back a blank form after a change. A row
 * belongs to its environment: switching environments drops it, so a save never writes one
 * environment's row into another.
 */
function useInlineEditor<Row>(environment: Environment) {
  const [state, setState] = useState<{
    environment: Environment;
    editing: Row | null;
    notice: FormNotice | null;
    formKey: number;
  }>({ environment, editing: null, notice: null, formKey: 0 });
  if (state.environment !== environment) {
    setState({ environment, editing: null, notice: null, formKey: state.formKey + 1 });
  }
  const start = (editing: Row | null, notice: FormNotice | null) =>
    setState((current) => ({ environment, editing, notice, formKey: current.formKey + 1 }));
  return { ...state, start };
}

/** The list's "Edit" button of one row, named for the row ("Edit drop friday"). */
function EditRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={listStyles.plainButton} aria-label={label} onClick={onClick}>
      Edit
    </button>
  );
}

/** What the form above an inline-edited list gets. */
export interface InlineFormProps<Row> {
  environment: Environment;
  /** The row being edited; null for a new one. */
  editing: Row | null;
  /** Back to a blank new row, after a save, a delete or Cancel. */
  onDone: (notice: FormNotice | null) => void;
  initialNotice: FormNotice | null;
}

interface InlineEditedListProps<Row extends RowData, Sort extends string>
  extends Omit<AdminListProps<Row, Sort>, 'rowAction'> {
  environment: Environment;
  /** Whether the viewer may change the rows: the form above and an Edit button per row. */
  canEdit: boolean;
  /** What a viewer who may only read is told instead of the form. */
  readOnlyText: string;
  /** The form that creates a row, or edits the one picked in the list. */
  form: ComponentType<InlineFormProps<Row>>;
  /** The accessible name of a row's Edit button ("Edit drop friday"). */
  editLabel: (row: Row) => string;
}

/**
 * An admin list whose rows are created above it and picked in it to edit or delete (the shop's and
 * merch's drops). The form starts over for each row picked and after each change, so nothing typed
 * for one row goes to another; those who may only read get a notice instead.
 */
export function InlineEditedList<Row extends RowData, Sort extends string>(props: InlineEditedListProps<Row, Sort>) {
  const { environment, canEdit, readOnlyText, form: Form, editLabel, ...list } = props;
  const editor = useInlineEditor<Row>(environment);
  return (
    <>
      {canEdit ? (
        <Form
          key={editor.formKey}
          environment={environment}
          editing={editor.editing}
          initialNotice={editor.notice}
          onDone={(done) => editor.start(null, done)}
        />
      ) : (
        <ReadOnlyNotice>{readOnlyText}</ReadOnlyNotice>
      )}
      <AdminList
        {...list}
        rowAction={
          canEdit
            ? {
                header: 'Change',
                cell: (row) => <EditRowButton label={editLabel(row)} onClick={() => editor.start(row, null)} />,
              }
            : undefined
        }
      />
    </>
  );
}
