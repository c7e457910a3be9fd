import {
  REMOTE_CONFIG_LIMITS,
  REMOTE_CONFIG_PARAMETER_TYPES,
  type RemoteConfigParameter,
  type RemoteConfigParameterType,
  type RemoteConfigState,
} from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { CheckboxField } from '../../admin/components/checkbox-field';
import type { InlineFormProps } from '../../admin/components/inline-editor';
import {
  checkParameterDraft,
  conditionalField,
  type ParameterDraft,
  parameterDraftOf,
  TYPE_LABELS,
  withoutParameter,
  withParameter,
  withType,
} from '../template-edit';
import { DraftFormFrame, useDraftForm } from './draft-form';
import styles from './remote-config.module.css';
import { ValueField } from './value-field';

/**
 * A parameter of the draft, new or picked in the list: its key, type, description, default value, a
 * value of its own under any of the template's conditions, and a JSON parameter's schema. Saving sends
 * the whole draft; the server says whether each value fits the type and the schema.
 */
export function ParameterForm({
  environment,
  editing,
  onDone,
  state,
}: InlineFormProps<RemoteConfigParameter> & { state: RemoteConfigState }) {
  const conditions = state.draft.conditions;
  const [draft, setDraft] = useState<ParameterDraft>(() => parameterDraftOf(editing, conditions));
  const form = useDraftForm(environment, state, onDone);
  const { errors } = form;
  const set = (fields: Partial<ParameterDraft>) => setDraft((current) => ({ ...current, ...fields }));
  const setConditional = (name: string, value: Partial<ParameterDraft['conditional'][string]>) =>
    setDraft((current) => {
      const before = current.conditional[name] ?? { on: false, text: '' };
      return { ...current, conditional: { ...current.conditional, [name]: { ...before, ...value } } };
    });

  const submit = () => {
    const checked = checkParameterDraft(draft, conditions);
    if (!checked.ok) return form.refuse(checked.message, checked.fields);
    const parameter = checked.value;
    form.send(
      (template) => withParameter(template, editing?.key ?? null, parameter),
      editing
        ? `Saved the parameter ${parameter.key} in the draft.`
        : `Added the parameter ${parameter.key} to the draft.`,
    );
  };

  const remove = editing
    ? {
        label: 'Delete parameter',
        onClick: () =>
          void form.confirmThenSend(
            {
              title: `Delete the parameter ${editing.key}?`,
              message: (
                <p>
                  This takes {editing.key} out of the draft of {environment}. Players keep getting it until the draft is
                  published.
                </p>
              ),
              confirmLabel: 'Delete parameter',
            },
            (template) => withoutParameter(template, editing.key),
            `Deleted the parameter ${editing.key} from the draft.`,
          ),
      }
    : undefined;

  return (
    <DraftFormFrame
      form={form.frame}
      title={editing ? `Edit parameter ${editing.key}` : 'New parameter'}
      submitLabel={editing ? 'Save parameter' : 'Add parameter'}
      onSubmit={submit}
      remove={remove}
      onCancel={() => onDone(null)}
    >
      <FormField
        label="Key"
        value={draft.key}
        error={errors.key}
        hint="The name the game reads it by: letters, digits and '_', not starting with a digit."
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set({ key: event.target.value })}
      />
      <SelectField
        label="Type"
        value={draft.type}
        onChange={(event) => setDraft((current) => withType(current, event.target.value as RemoteConfigParameterType))}
      >
        {REMOTE_CONFIG_PARAMETER_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Description (optional)"
        rows={2}
        maxLength={REMOTE_CONFIG_LIMITS.descriptionLength}
        value={draft.description}
        error={errors.description}
        hint="What it changes in the game, for the next person who edits it."
        onChange={(event) => set({ description: event.target.value })}
      />
      <ValueField
        label="Default value"
        type={draft.type}
        text={draft.defaultText}
        error={errors.defaultValue}
        hint={
          draft.type === 'string' ? 'What every player gets unless a condition below gives another value.' : undefined
        }
        onChange={(defaultText) => set({ defaultText })}
      />
      <fieldset className={adminStyles.group}>
        <legend>Values under conditions</legend>
        {conditions.length === 0 ? (
          <p className={adminStyles.note}>The draft has no conditions yet: add one under Conditions.</p>
        ) : (
          <p className={adminStyles.note}>
            A player under several gets the value of the first, in the conditions’ priority order.
          </p>
        )}
        {conditions.map(({ name }) => {
          const entry = draft.conditional[name] ?? { on: false, text: '' };
          return (
            <div key={name} className={styles.conditional}>
              <CheckboxField
                label={`A value for “${name}”`}
                checked={entry.on}
                onChange={(on) => setConditional(name, { on })}
              />
              {entry.on && (
                <ValueField
                  label={`Value for “${name}”`}
                  type={draft.type}
                  text={entry.text}
                  error={errors[conditionalField(name)]}
                  onChange={(text) => setConditional(name, { text })}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      {draft.type === 'json' && (
        <TextAreaField
          label="JSON Schema (optional)"
          className={styles.code}
          rows={6}
          spellCheck={false}
          value={draft.schemaText}
          error={errors.schema}
          hint='Every value must match it (JSON Schema 2020-12), e.g. {"type": "object", "required": ["title"]}.'
          onChange={(event) => set({ schemaText: event.target.value })}
        />
      )}
    </DraftFormFrame>
  );
}
