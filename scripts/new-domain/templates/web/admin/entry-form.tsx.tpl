import {
  type __Pascal__Entry,
  create__Pascal__EntryInputSchema,
  update__Pascal__EntryInputSchema,
} from '@outpost/contracts/__kebab__/schemas';
import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../admin/components/admin-form-frame';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { checkWith } from '../../admin/components/form-check';
import type { InlineFormProps } from '../../admin/components/inline-editor';
import { useGuardedSave } from '../../admin/components/use-guarded-save';
import { type __Pascal__Change, useChange__Pascal__ } from '../api';

interface Draft {
  entryID: string;
  name: string;
  score: string;
  playerID: string;
  /** The browser's local date and time (datetime-local), or empty for never. */
  endsAt: string;
}

const FIELD_ORDER = ['entryID', 'name', 'score', 'playerID', 'endsAt'];

function draftOf(entry: __Pascal__Entry | null): Draft {
  if (!entry) return { entryID: '', name: '', score: '0', playerID: '', endsAt: '' };
  const ends = entry.endsAt ? new Date(entry.endsAt) : null;
  const local = ends ? new Date(ends.getTime() - ends.getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
  return { entryID: entry.entryID, name: entry.name, score: String(entry.score), playerID: entry.playerID ?? '', endsAt: local };
}

/** The draft as the contracts' schemas read it: typed text to numbers, empty to null, local time to ISO 8601. */
function valuesOf(draft: Draft) {
  const score = draft.score.trim();
  return {
    name: draft.name,
    score: /^-?\d+$/.test(score) ? Number(score) : score,
    playerID: draft.playerID.trim() === '' ? null : draft.playerID.trim(),
    endsAt: draft.endsAt === '' ? null : new Date(draft.endsAt).toISOString(),
  };
}

/** Creates an entry, or edits or deletes the one picked in the list. */
export function EntryForm({ environment, editing, onDone }: InlineFormProps<__Pascal__Entry>) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const change = useChange__Pascal__(environment);
  const guard = useGuardedSave(environment);
  const set = (field: keyof Draft, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const send = (request: __Pascal__Change, done: string) =>
    guard.run(
      () => ({
        message: <p>This changes what players of the live game see.</p>,
        confirmLabel: request.kind === 'delete' ? 'Delete in production' : 'Save to production',
      }),
      (settled) => {
        report(null);
        change.mutate(request, {
          onSuccess: () => onDone({ tone: 'ok', text: done }),
          onError: (error) => refuse(`The entry was not saved. ${refusalText(error)}`, refusedFields(error)),
          onSettled: settled,
        });
      },
    );

  const submit = () => {
    if (editing) {
      const checked = checkWith(update__Pascal__EntryInputSchema, valuesOf(draft), { order: FIELD_ORDER, markFields: true });
      if (!checked.ok) return refuse(checked.message, checked.fields);
      return void send({ kind: 'update', entryID: editing.entryID, input: checked.value }, `Entry ${editing.name} saved.`);
    }
    const checked = checkWith(
      create__Pascal__EntryInputSchema,
      { entryID: draft.entryID, ...valuesOf(draft) },
      { order: FIELD_ORDER, markFields: true },
    );
    if (!checked.ok) return refuse(checked.message, checked.fields);
    return void send({ kind: 'create', input: checked.value }, `Entry ${checked.value.name} created.`);
  };

  return (
    <AdminFormFrame
      title={editing ? `Edit ${editing.name}` : 'New entry'}
      headingLevel={2}
      arrivedByAction
      pending={change.isPending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      <FormField
        label="Entry ID"
        value={draft.entryID}
        error={errors.entryID}
        readOnly={editing !== null}
        hint={editing ? 'An entry keeps its ID.' : "Lower-case letters, digits and '-'."}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('entryID', event.target.value.toLowerCase())}
      />
      <FormField label="Name" value={draft.name} error={errors.name} onChange={(event) => set('name', event.target.value)} />
      <FormField
        label="Score"
        inputMode="numeric"
        value={draft.score}
        error={errors.score}
        onChange={(event) => set('score', event.target.value)}
      />
      <FormField
        label="Player (user ID, optional)"
        value={draft.playerID}
        error={errors.playerID}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('playerID', event.target.value)}
      />
      <FormField
        label="Ends at (optional)"
        type="datetime-local"
        hint="Your local time. Ended entries leave the players' page and are deleted that night."
        value={draft.endsAt}
        error={errors.endsAt}
        onChange={(event) => set('endsAt', event.target.value)}
      />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.isPending}>
          {editing ? 'Save entry' : 'Create entry'}
        </button>
        {editing && (
          <>
            <button
              type="button"
              className={listStyles.plainButton}
              disabled={change.isPending}
              onClick={() => void send({ kind: 'delete', entryID: editing.entryID }, `Entry ${editing.name} deleted.`)}
            >
              Delete entry
            </button>
            <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
              Cancel
            </button>
          </>
        )}
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
