import type { Environment } from '@outpost/contracts/environments';
import { REMOTE_CONFIG_LIMITS, type RemoteConfigState } from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../admin/components/admin-form-frame';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { ChoiceField } from '../../admin/components/choice-field';
import { formatInstant, fromLocalDateTime, localTimeZone, toLocalDateTime } from '../../admin/components/local-time';
import { serverRefusal } from '../../admin/components/server-refusal';
import { useGuardedSave } from '../../admin/components/use-guarded-save';
import { usePublish } from '../api';
import { diffLines, unpublishedText } from '../diff-words';
import styles from './remote-config.module.css';

type When = 'now' | 'at';
const WHEN_CHOICES = [
  { value: 'now', label: 'Now' },
  { value: 'at', label: 'At a date and time' },
] as const;

/**
 * Publishing the draft as it was when the sheet opened (its revision: a save made since refuses the
 * publish): what changes for players in words, a description for the versions' list, and now or at a
 * time typed in the admin's zone. Production asks first.
 */
export function PublishForm({
  environment,
  state,
  startsAt = null,
  onDone,
}: {
  environment: Environment;
  state: RemoteConfigState;
  /** The time the calendar chose (?at=): the publish starts scheduled then. */
  startsAt?: string | null;
  onDone: (notice: FormNotice | null) => void;
}) {
  const [description, setDescription] = useState('');
  const [when, setWhen] = useState<When>(startsAt === null ? 'now' : 'at');
  const [publishAt, setPublishAt] = useState(() => toLocalDateTime(startsAt));
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const publish = usePublish(environment);
  const guard = useGuardedSave(environment);
  const lines = diffLines(state.unpublished);

  const submit = () => {
    const at = when === 'at' ? fromLocalDateTime(publishAt) : null;
    if (when === 'at' && at === null) return refuseAtFields({ publishAt: 'Give the date and time to publish at.' });
    const input = { description: description.trim(), revision: state.draftRevision, ...(at ? { publishAt: at } : {}) };
    void guard.run(
      () => ({
        message: (
          <p>
            {at
              ? `This publishes the draft to the players of production at ${formatInstant(at)}.`
              : 'This publishes the draft to the players of production now: their games fetch it at once.'}
          </p>
        ),
        items: lines,
        confirmLabel: at ? 'Schedule in production' : 'Publish to production',
      }),
      (settled) => {
        report(null);
        publish.mutate(input, {
          onSuccess: (answer) =>
            onDone({
              tone: 'ok',
              text:
                answer.kind === 'published'
                  ? `Published version ${answer.version.version}: players get it now.`
                  : `Scheduled the publish for ${formatInstant(answer.scheduled.publishAt)}.`,
            }),
          onError: (error) => refuse(...serverRefusal(error, (text) => `The draft was not published. ${text}`)),
          onSettled: settled,
        });
      },
    );
  };

  return (
    <AdminFormFrame
      title="Publish the draft"
      headingLevel={2}
      arrivedByAction
      pending={publish.isPending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      <div className={styles.changes}>
        <p className={styles.count}>{unpublishedText(state.unpublished)}</p>
        {lines.length > 0 && (
          <ul className={styles.diff} aria-label="What changes for players">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={REMOTE_CONFIG_LIMITS.descriptionLength}
        value={description}
        error={errors.description}
        hint="Why, for the versions’ list (optional)."
        onChange={(event) => setDescription(event.target.value)}
      />
      <ChoiceField legend="When" choices={WHEN_CHOICES} value={when} onChange={setWhen} className={styles.choices} />
      {when === 'at' && (
        <FormField
          label="Publish at"
          type="datetime-local"
          hint={`In your time zone (${localTimeZone()}).`}
          value={publishAt}
          error={errors.publishAt}
          onChange={(event) => setPublishAt(event.target.value)}
        />
      )}
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={publish.isPending}>
          {when === 'at' ? 'Schedule publish' : 'Publish now'}
        </button>
        <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
