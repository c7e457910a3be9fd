import { BETA_REQUEST_DATA_MAX_TEXT, type BetaRequest } from '@outpost/contracts/beta';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import styles from '../account.module.css';
import { useRequestBeta } from '../api/request-beta';
import { answersOf, type BetaRequestAnswers, PLATFORMS, requestData } from './beta-request-answers';

/** The request to enter: created on first send (status 1); later sends replace only the answers. */
export function BetaRequestForm({ request }: { request: BetaRequest | null }) {
  const { formRef, errors, show } = useFieldErrors<keyof BetaRequestAnswers>();
  const { draft, field } = useDraft<BetaRequestAnswers>(() => answersOf(request), errors);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const send = useRequestBeta();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!draft.platform) {
      setNotice(null);
      show({ platform: 'Choose the device you play on.' });
      return;
    }
    show({});
    setNotice(null);
    send.mutate(
      { data: requestData(draft) },
      {
        onSuccess: () =>
          setNotice({
            tone: 'ok',
            text: request ? 'Your answers are updated.' : 'Your request is in. We will let you know here.',
          }),
        onError: (error) => setNotice(failureNotice(error, 'Your request could not be sent.')),
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Beta request">
      <fieldset className={styles.fieldset}>
        <legend>{request ? 'Your answers' : 'Request beta entry'}</legend>
        <SelectField label="Where do you play?" {...field('platform')}>
          <option value="">Choose…</option>
          {PLATFORMS.map((platform) => (
            <option key={platform.id} value={platform.id}>
              {platform.label}
            </option>
          ))}
        </SelectField>
        <FormField label="How did you hear about us?" maxLength={BETA_REQUEST_DATA_MAX_TEXT} {...field('heardFrom')} />
        <TextAreaField
          label="Why do you want to join? (optional)"
          className={styles.wide}
          rows={3}
          maxLength={BETA_REQUEST_DATA_MAX_TEXT}
          {...field('why')}
        />
      </fieldset>
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : request ? 'Update my answers' : 'Request beta entry'}
      </button>
    </form>
  );
}
