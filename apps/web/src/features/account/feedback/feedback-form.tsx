import {
  type BetaConfig,
  FEEDBACK_TEXT_MAX_LENGTH,
  feedbackInputSchema,
  type TestingObjective,
} from '@outpost/contracts/beta';
import { type FormEvent, useEffect, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import styles from '../account.module.css';
import { useSendFeedback } from '../api/send-feedback';
import { type FeedbackDraft as Draft, newFeedbackDraft, offeredDraft } from './feedback-draft';

interface FeedbackFormProps {
  config: BetaConfig;
  objectives: TestingObjective[];
}

/**
 * Feedback {category, sentiment, mission, text}: the categories and sentiments come from
 * beta-config/v1 and the objectives are the active ones, so the form offers only what the server takes.
 */
export function FeedbackForm({ config, objectives }: FeedbackFormProps) {
  const { formRef, errors, show } = useFieldErrors<keyof Draft>();
  const { draft, setDraft, field } = useDraft<Draft>(() => newFeedbackDraft(objectives), errors);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const send = useSendFeedback();
  const objective = objectives.find((each) => each.objectiveID === draft.mission);
  // Options reloaded (after a refused send): what staff retired meanwhile is chosen no more.
  useEffect(() => setDraft((now) => offeredDraft(now, config, objectives)), [config, objectives, setDraft]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing: Partial<Record<keyof Draft, string>> = {};
    if (!draft.category) missing.category = 'Choose what your feedback is about.';
    if (!draft.sentiment) missing.sentiment = 'Choose how it went.';
    const checked = checkFields(feedbackInputSchema, { ...draft, mission: draft.mission || null });
    const problems = { ...(checked.ok ? {} : checked.errors), ...missing };
    setNotice(null);
    show(problems);
    if (!checked.ok || Object.keys(missing).length > 0) return;
    send.mutate(checked.value, {
      onSuccess: () => {
        setDraft((now) => ({ ...now, text: '' }));
        setNotice({ tone: 'ok', text: 'Thank you! Your feedback was sent to the team.' });
      },
      onError: (error) => setNotice(failureNotice(error, 'Your feedback could not be sent.')),
    });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Send feedback">
      <fieldset className={styles.fieldset}>
        <legend>Your feedback</legend>
        <SelectField
          label="Testing objective"
          className={styles.wide}
          hint={objective?.description || undefined}
          {...field('mission')}
        >
          {objectives.map((each) => (
            <option key={each.objectiveID} value={each.objectiveID}>
              {each.title}
            </option>
          ))}
          <option value="">General feedback (no objective)</option>
        </SelectField>
        <SelectField label="Category" {...field('category')}>
          <option value="">Choose…</option>
          {config.categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="How did it go?" {...field('sentiment')}>
          <option value="">Choose…</option>
          {config.sentiments.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="What happened?"
          className={styles.wide}
          rows={5}
          maxLength={FEEDBACK_TEXT_MAX_LENGTH}
          hint={`At most ${FEEDBACK_TEXT_MAX_LENGTH} characters.`}
          {...field('text')}
        />
      </fieldset>
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send feedback'}
      </button>
    </form>
  );
}
