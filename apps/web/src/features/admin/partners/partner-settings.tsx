import type { Environment } from '@outpost/contracts/environments';
import {
  PARTNERS_CONFIG_ID,
  type PartnersConfig,
  partnersConfigSchema,
  type ReferralReward,
} from '@outpost/contracts/partners';
import { useState } from 'react';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useAdminAccessContext } from '../admin-access-context';
import { CheckboxField } from '../components/checkbox-field';
import { checkWith } from '../components/form-check';
import { LoadState } from '../components/load-state';
import { SettingsForm, useSettingsForm } from '../components/settings-form';
import { usePartnersConfig, useSavePartnersConfig } from './api/partners-config';
import { useRewardChoices } from './api/referral-rewards';
import { PartnersScreen } from './components/partners-screen';

/** config/partners: whether players can join through referral links, the default reward, the /join message. */
export default function PartnerSettings() {
  const { environment } = useAdminAccessContext();
  const config = usePartnersConfig(environment);
  const rewards = useRewardChoices(environment);
  return (
    <PartnersScreen
      id="partner-settings-title"
      title="Partner settings"
      lead={`The partner programme of ${environment} (${PARTNERS_CONFIG_ID}).`}
    >
      <LoadState query={config} what="partner settings" missing="The partner settings could not be found.">
        {(saved) => (
          <LoadState query={rewards} what="referral rewards" missing="The referral rewards could not be found.">
            {(loaded) => (
              <PartnerSettingsForm key={environment} environment={environment} saved={saved} rewards={loaded.rows} />
            )}
          </LoadState>
        )}
      </LoadState>
    </PartnersScreen>
  );
}

interface PartnerSettingsFormProps {
  environment: Environment;
  saved: PartnersConfig;
  rewards: readonly ReferralReward[];
}

function PartnerSettingsForm({ environment, saved, rewards }: PartnerSettingsFormProps) {
  const [draft, setDraft] = useState<PartnersConfig>(saved);
  const { errors, save, frame } = useSettingsForm({
    environment,
    readOnly: null,
    mutation: useSavePartnersConfig(environment),
    confirmation: (next) =>
      `This changes the live partner programme${next.programmeOpen ? '' : ' and closes joining'}.`,
    saved: 'Partner settings saved.',
    notSaved: 'The partner settings were not saved.',
    onSaved: setDraft,
  });
  const set = <Field extends keyof PartnersConfig>(field: Field, value: PartnersConfig[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  return (
    <SettingsForm
      form={frame}
      label="Partner settings"
      submitLabel="Save settings"
      onSubmit={() => void save(checkWith(partnersConfigSchema, draft, { markFields: true }))}
    >
      <CheckboxField
        label="Programme open (new players can join through referral links)"
        checked={draft.programmeOpen}
        onChange={(open) => set('programmeOpen', open)}
      />
      <SelectField
        label="Default referral reward"
        hint="The reward of a partner's link unless their partner invite names another."
        value={draft.defaultRewardID}
        error={errors.defaultRewardID}
        onChange={(event) => set('defaultRewardID', event.target.value)}
      >
        {rewards.map((reward) => (
          <option key={reward.rewardID} value={reward.rewardID}>
            {reward.name} ({reward.rewardID})
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Join message"
        hint="Shown on the join page under the partner's name."
        value={draft.joinMessage}
        error={errors.joinMessage}
        onChange={(event) => set('joinMessage', event.target.value)}
      />
    </SettingsForm>
  );
}
