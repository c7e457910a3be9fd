import { BETA_CONFIG_ID, type BetaConfig, INVITE_MAX_VALID_DAYS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFollowedDraft } from '../../../components/form/use-draft';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../admin-access-context';
import { CheckboxField } from '../components/checkbox-field';
import { LoadState } from '../components/load-state';
import { SettingsForm, useSettingsForm } from '../components/settings-form';
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
  const { errors, save, frame } = useSettingsForm({
    environment,
    readOnly: canEdit ? null : 'Your role may view the beta settings but not change them.',
    mutation: useSaveBetaConfig(environment),
    confirmation: (next) =>
      `This changes the feedback form of the live beta${next.feedbackOpen ? '' : ' and closes it'}; invites shared from now on last ${next.inviteLifetimeDays} days.`,
    saved: BETA_SETTINGS_SAVED,
    notSaved: 'The beta settings were not saved.',
    onSaved: startFrom,
  });
  const set = <Field extends keyof ConfigDraft>(field: Field, value: ConfigDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  return (
    <SettingsForm
      form={{ ...frame, notice: changedElsewhere && frame.notice?.tone !== 'error' ? CHANGED_ELSEWHERE : frame.notice }}
      label="Beta settings"
      submitLabel="Save beta settings"
      onSubmit={() => void save(checkConfig(draft))}
      actions={
        changedElsewhere && (
          <button type="button" className={listStyles.plainButton} onClick={() => startFrom(saved)}>
            Load the settings as they are now (discards your changes)
          </button>
        )
      }
    >
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
    </SettingsForm>
  );
}
