import {
  fileReportInputSchema,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_MESSAGES,
  REPORT_TARGET_MAX_LENGTH,
  REPORT_TEXT_MAX_LENGTH,
} from '@outpost/contracts/moderation';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import styles from '../account.module.css';
import { useFileReport } from '../api/file-report';
import { AccountSection } from '../components/account-section';

interface Draft {
  category: string;
  target: string;
  text: string;
}
const EMPTY: Draft = { category: '', target: '', text: '' };

/** "Report a problem": a player, a place or a bug, sent to the moderators; the answer names the report. */
export function ReportSection() {
  const { formRef, errors, show } = useFieldErrors<keyof Draft>();
  const { draft, setDraft, field } = useDraft<Draft>(() => EMPTY, errors);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const send = useFileReport();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = checkFields(fileReportInputSchema, draft);
    setNotice(null);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    show({});
    send.mutate(checked.value, {
      onSuccess: (report) => {
        setDraft(EMPTY);
        setNotice({
          tone: 'ok',
          text: `${REPORT_MESSAGES.filed} Your report’s number is ${shortNumber(report.reportNumber)}.`,
        });
      },
      onError: (error) => setNotice(failureNotice(error, 'Your report could not be sent.')),
    });
  };

  return (
    <AccountSection
      title="Report a problem"
      intro="Someone behaving badly, something broken or a scam? Tell our moderators. Reports are private."
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Report a problem">
        <fieldset className={styles.fieldset}>
          <legend>Your report</legend>
          <SelectField label="What is it about?" {...field('category')}>
            <option value="">Choose…</option>
            {REPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {REPORT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Who or what are you reporting?"
            hint="A player's @name, a place or an item."
            maxLength={REPORT_TARGET_MAX_LENGTH}
            {...field('target')}
          />
          <TextAreaField
            label="What happened?"
            className={styles.wide}
            rows={5}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            {...field('text')}
          />
        </fieldset>
        <FormAlert notice={notice} />
        <button type="submit" className={`button ${styles.submit}`} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send report'}
        </button>
      </form>
    </AccountSection>
  );
}
