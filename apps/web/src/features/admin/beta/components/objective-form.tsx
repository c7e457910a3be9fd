import type { TestingObjective } from '@outpost/contracts/beta';
import { useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { refusalText, refusedFields } from '../../../../components/form/field-errors';
import { FormAlert } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { TextAreaField } from '../../../../components/form/text-area-field';
import { useFormRefusal } from '../../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../components/admin-form-frame';
import adminStyles from '../../components/admin-screen.module.css';
import { CheckboxField } from '../../components/checkbox-field';
import type { InlineFormProps } from '../../components/inline-editor';
import { useGuardedSave } from '../../components/use-guarded-save';
import { type ObjectiveChange, useChangeObjective } from '../api/change-objective';
import { checkNewObjective, checkObjectiveEdit, type ObjectiveDraft, objectiveDraft } from '../beta-form';

/**
 * Creates a testing objective, or edits the one picked in the list. Objectives are never deleted
 * (feedback keeps naming them): unticking Active takes one off the players' list.
 */
export function ObjectiveForm({ environment, editing, onDone }: InlineFormProps<TestingObjective>) {
  const [draft, setDraft] = useState<ObjectiveDraft>(() => objectiveDraft(editing));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const change = useChangeObjective(environment);
  const guard = useGuardedSave(environment);
  const set = <Field extends keyof ObjectiveDraft>(field: Field, value: ObjectiveDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const send = (request: ObjectiveChange, done: string) =>
    guard.run(
      () => ({
        message: <p>This changes what beta players of the live game are asked to test.</p>,
        confirmLabel: request.kind === 'create' ? 'Create in production' : 'Save to production',
      }),
      (settled) => {
        report(null);
        change.mutate(request, {
          onSuccess: () => onDone({ tone: 'ok', text: done }),
          // A refusal that names its field (a taken ID, a 400's) marks it and moves the focus there.
          onError: (error) => refuse(`The objective was not saved. ${refusalText(error)}`, refusedFields(error)),
          onSettled: settled,
        });
      },
    );

  const submit = () => {
    if (editing) {
      const checked = checkObjectiveEdit(draft);
      if (!checked.ok) return refuse(checked.message, checked.fields);
      const state = checked.value.active ? 'active' : 'inactive: players no longer see it';
      return void send(
        { kind: 'update', objectiveID: editing.objectiveID, input: checked.value },
        `Objective ${editing.objectiveID} saved, ${state}.`,
      );
    }
    const checked = checkNewObjective(draft);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    return void send({ kind: 'create', input: checked.value }, `Objective ${checked.value.objectiveID} created.`);
  };

  return (
    <AdminFormFrame
      title={editing ? `Edit objective ${editing.objectiveID}` : 'New testing objective'}
      headingLevel={2}
      arrivedByAction
      pending={change.isPending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      <FormField
        label="Objective ID"
        value={draft.objectiveID}
        error={errors.objectiveID}
        readOnly={editing !== null}
        hint={editing ? 'An objective keeps its ID: feedback names it.' : "Lower-case letters, digits and '-'."}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('objectiveID', event.target.value.toLowerCase())}
      />
      <FormField
        label="Title"
        value={draft.title}
        error={errors.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={3}
        hint="What players are asked to try, and what to tell us."
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <CheckboxField
        label="Active (beta players see it and can send feedback on it)"
        checked={draft.active}
        onChange={(active) => set('active', active)}
      />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.isPending}>
          {editing ? 'Save objective' : 'Create objective'}
        </button>
        {editing && (
          <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
            Cancel
          </button>
        )}
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
