import { BETA_CONFIG_ID, type BetaConfig, INVITE_MAX_VALID_DAYS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import type { FormEvent } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFollowedDraft } from '../../../components/form/use-draft';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { CheckboxField } from '../components/checkbox-field';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useGuardedSave } from '../components/use-guarded-save';
import { useBetaConfig, useSaveBetaConfig } from './api/beta-config';
import { BETA_SETTINGS_SAVED, type ConfigDraft, checkConfig, configDraft } from './beta-form';
import { BetaScreen } from './components/beta-screen';
import { OptionsEditor } from './components/options-editor';

/**
 * beta-config/v1: whether feedback is open, its categories and sentiments, and how long a shared
 * invite lasts. The screen follows the environment's beta-config live: an untouched form shows
 * another save at once; an edited one says the settings changed and keeps what was typed.
 */
export default function BetaSettings() {
  const { environment, capabilities } = useAdminAccessContext();
  const config = useBetaConfig(environment);
  return (
    <BetaScreen
      id="beta-settings-title"
      title="Beta settings"
      lead={`The beta programme of ${environment} (${BETA_CONFIG_ID}): the feedback form and the invites players share.`}
    >
      <LoadState query={config} what="beta settings" missing="The beta settings could not be found.">
        {(loaded) => (
          <ConfigForm key={environment} environment={environment} saved={loaded} canEdit={capabilities.manageBeta} />
        )}
      </LoadState>
      <LiveUpdates topics={['beta-config']} environment={environment} />
    </BetaScreen>
  );
}

const CHANGED_ELSEWHERE: FormNotice = {
  tone: 'error',
  text: 'The beta settings were changed elsewhere since you started editing them. Saving replaces that change with what you see here.',
};

interface ConfigFormProps {
  environment: Environment;
  saved: BetaConfig;
  canEdit: boolean;
}

function ConfigForm({ environment, saved, canEdit }: ConfigFormProps) {
  const { draft, setDraft, startFrom, changedElsewhere } = useFollowedDraft<BetaConfig, ConfigDraft>(
    saved,
    configDraft,
  );
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveBetaConfig(environment);
  const guard = useGuardedSave(environment);
  const set = <Field extends keyof ConfigDraft>(field: Field, value: ConfigDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy() || !canEdit) return;
    const checked = checkConfig(draft);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const next = checked.value;
    await guard.run(
      () => ({
        message: (
          <p>
            This changes the feedback form of the live beta{next.feedbackOpen ? '' : ' and closes it'}; invites shared
            from now on last {next.inviteLifetimeDays} days.
          </p>
        ),
        confirmLabel: 'Save to production',
      }),
      (done) => {
        report(null);
        save.mutate(next, {
          onSuccess: (answer) => {
            startFrom(answer);
            report({ tone: 'ok', text: BETA_SETTINGS_SAVED });
          },
          onError: (error) => refuse(`The beta settings were not saved. ${refusalText(error)}`, refusedFields(error)),
          onSettled: done,
        });
      },
    );
  };

  return (
    <form
      ref={formRef}
      className={`${adminStyles.form} ${adminStyles.spaced}`}
      onSubmit={submit}
      noValidate
      aria-busy={save.isPending}
      aria-label="Beta settings"
    >
      {!canEdit && <ReadOnlyNotice>Your role may view the beta settings but not change them.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
        <CheckboxField
          label="Feedback open (beta players can send feedback)"
          checked={draft.feedbackOpen}
          onChange={(open) => set('feedbackOpen', open)}
        />
        <OptionsEditor
          legend="Feedback categories"
          name="Category"
          hint="What a piece of feedback is about; 1 to 20. Feedback already sent keeps the ID it was sent with."
          options={draft.categories}
          errors={errors}
          path="categories"
          onChange={(categories) => set('categories', categories)}
        />
        <OptionsEditor
          legend="Sentiments"
          name="Sentiment"
          hint="How the player felt; 1 to 10."
          options={draft.sentiments}
          errors={errors}
          path="sentiments"
          onChange={(sentiments) => set('sentiments', sentiments)}
        />
        <FormField
          label="Shared invites last (days)"
          inputMode="numeric"
          hint={`How long each invite of an accepted beta player stays valid: 1 to ${INVITE_MAX_VALID_DAYS} days.`}
          value={draft.inviteLifetimeDays}
          error={errors.inviteLifetimeDays}
          onChange={(event) => set('inviteLifetimeDays', event.target.value)}
        />
      </fieldset>
      <FormAlert notice={changedElsewhere && notice?.tone !== 'error' ? CHANGED_ELSEWHERE : notice} ref={alertRef} />
      {changedElsewhere && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={() => startFrom(saved)}>
            Load the settings as they are now (discards your changes)
          </button>
        </div>
      )}
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save beta settings
          </button>
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
