import {
  REMOTE_CONFIG_PLATFORMS,
  type RemoteConfigCondition,
  type RemoteConfigState,
} from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { CheckboxField } from '../../admin/components/checkbox-field';
import type { InlineFormProps } from '../../admin/components/inline-editor';
import { SegmentSelect } from '../../segments/segment-select';
import {
  type ConditionDraft,
  checkConditionDraft,
  conditionDraftOf,
  PLATFORM_LABELS,
  parametersUsing,
  withCondition,
  withoutCondition,
} from '../template-edit';
import { DraftFormFrame, useDraftForm } from './draft-form';
import styles from './remote-config.module.css';

/**
 * A condition of the draft, new (added last, the lowest priority) or picked in the list: its name and
 * its rules, every one of which must hold for a player (platforms, an app version range, a stable
 * percentage of players, a segment). A renamed condition keeps the parameters' values under it.
 */
export function ConditionForm({
  environment,
  editing,
  onDone,
  state,
}: InlineFormProps<RemoteConfigCondition> & { state: RemoteConfigState }) {
  const [draft, setDraft] = useState<ConditionDraft>(() => conditionDraftOf(editing));
  const form = useDraftForm(environment, state, onDone);
  const { errors } = form;
  const set = (fields: Partial<ConditionDraft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = () => {
    const checked = checkConditionDraft(draft);
    if (!checked.ok) return form.refuse(checked.message, checked.fields);
    const condition = checked.value;
    form.send(
      (template) => withCondition(template, editing?.name ?? null, condition),
      editing
        ? `Saved the condition “${condition.name}” in the draft.`
        : `Added the condition “${condition.name}” to the draft.`,
    );
  };

  const remove = editing
    ? {
        label: 'Delete condition',
        onClick: () => {
          const using = parametersUsing(form.template(), editing.name);
          void form.confirmThenSend(
            {
              title: `Delete the condition “${editing.name}”?`,
              message: (
                <p>
                  This takes the condition out of the draft of {environment}
                  {using.length > 0 ? ', and the values these parameters had under it:' : '.'}
                </p>
              ),
              items: using,
              confirmLabel: 'Delete condition',
            },
            (template) => withoutCondition(template, editing.name),
            `Deleted the condition “${editing.name}” from the draft.`,
          );
        },
      }
    : undefined;

  return (
    <DraftFormFrame
      form={form.frame}
      title={editing ? `Edit condition ${editing.name}` : 'New condition'}
      submitLabel={editing ? 'Save condition' : 'Add condition'}
      onSubmit={submit}
      remove={remove}
      onCancel={() => onDone(null)}
    >
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        hint="Letters, digits, spaces, '-' and '_'; unique in the template."
        autoComplete="off"
        onChange={(event) => set({ name: event.target.value })}
      />
      <p className={adminStyles.note}>A player is under the condition when every rule it has holds.</p>
      <fieldset className={adminStyles.group}>
        <legend>Platforms</legend>
        <p className={adminStyles.note}>None ticked: any platform.</p>
        <div className={styles.checkboxes}>
          {REMOTE_CONFIG_PLATFORMS.map((platform) => (
            <CheckboxField
              key={platform}
              label={PLATFORM_LABELS[platform]}
              checked={draft.platforms.includes(platform)}
              onChange={(checked) =>
                set({
                  platforms: checked
                    ? [...draft.platforms, platform]
                    : draft.platforms.filter((one) => one !== platform),
                })
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={adminStyles.group}>
        <legend>App version</legend>
        <div className={styles.pair}>
          <FormField
            label="Lowest version (optional)"
            inputMode="decimal"
            value={draft.minVersion}
            error={errors['appVersion.min']}
            hint="Such as 2.14; this version and later."
            onChange={(event) => set({ minVersion: event.target.value })}
          />
          <FormField
            label="Highest version (optional)"
            inputMode="decimal"
            value={draft.maxVersion}
            error={errors['appVersion.max']}
            hint="Such as 2.9.99; this version and earlier."
            onChange={(event) => set({ maxVersion: event.target.value })}
          />
        </div>
      </fieldset>
      <fieldset className={adminStyles.group}>
        <legend>Percentage of players</legend>
        <p className={adminStyles.note}>
          Each player or device draws a stable number from 0 to 100 for this condition; empty: every player.
        </p>
        <div className={styles.pair}>
          <FormField
            label="From (%)"
            inputMode="decimal"
            value={draft.percentFrom}
            error={errors['percent.from']}
            onChange={(event) => set({ percentFrom: event.target.value })}
          />
          <FormField
            label="To (%)"
            inputMode="decimal"
            value={draft.percentTo}
            error={errors['percent.to']}
            onChange={(event) => set({ percentTo: event.target.value })}
          />
        </div>
      </fieldset>
      <SegmentSelect
        environment={environment}
        label="Segment"
        noneLabel="Any player"
        hint="Only signed-in players the segment holds; its size is on the Segments screen."
        value={draft.segment}
        error={errors.segment}
        onChange={(segment) => set({ segment })}
      />
    </DraftFormFrame>
  );
}
