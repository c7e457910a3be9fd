import type { Environment } from '@outpost/contracts/environments';
import type { ReactNode } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { FormSheet } from '../../admin/components/form-sheet';
import { type InlineFormProps, useInlineEditor } from '../../admin/components/inline-editor';
import { NewRecordButton } from '../../admin/components/new-record-button';
import styles from './remote-config.module.css';

interface DraftSectionProps<Row> {
  environment: Environment;
  id: string;
  title: string;
  /** A line under the heading on what the section holds. */
  lead: ReactNode;
  canEdit: boolean;
  /** The "+ New …" button's text and the new record form's name ("New parameter"). */
  newLabel: string;
  /** The sheet's name for a row being edited ("Edit parameter welcome_message"). */
  editLabel: (row: Row) => string;
  form: (props: InlineFormProps<Row>) => ReactNode;
  /** The section's table, given how to open a row's form and to say an outcome above it. */
  children: (actions: { edit: (row: Row) => void; say: (notice: FormNotice) => void }) => ReactNode;
}

/**
 * One part of the draft (its parameters, its conditions) as the back office's lists are edited: a
 * "+ New …" button above the table, a row's form opened over it in a sheet, and each change's
 * outcome said beside the button once the sheet closes.
 */
export function DraftSection<Row>(props: DraftSectionProps<Row>) {
  const { environment, id, title, lead, canEdit, newLabel, editLabel, form, children } = props;
  const editor = useInlineEditor<Row>(environment);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      {canEdit && (
        <div className={adminStyles.toolbar}>
          <NewRecordButton label={newLabel} onClick={() => editor.open(null)} />
          <FormAlert notice={editor.notice} />
        </div>
      )}
      {canEdit && editor.editing && (
        <FormSheet
          key={editor.formKey}
          label={editor.editing.row === null ? newLabel : editLabel(editor.editing.row)}
          onClose={() => editor.close(null)}
        >
          {form({ environment, editing: editor.editing.row, onDone: editor.close })}
        </FormSheet>
      )}
      {children({ edit: (row) => editor.open(row), say: (notice) => editor.close(notice) })}
    </section>
  );
}
