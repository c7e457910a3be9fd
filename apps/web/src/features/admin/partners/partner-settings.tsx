import type { Environment } from '@outpost/contracts/environments';
import {
  PARTNERS_CONFIG_ID,
  type PartnersConfig,
  partnersConfigSchema,
  type ReferralReward,
} from '@outpost/contracts/partners';
import { type FormEvent, useState } from 'react';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { CheckboxField } from '../components/checkbox-field';
import { checkWith } from '../components/form-check';
import { LoadState } from '../components/load-state';
import { useGuardedSave } from '../components/use-guarded-save';
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
              <SettingsForm key={environment} environment={environment} saved={saved} rewards={loaded.rows} />
            )}
          </LoadState>
        )}
      </LoadState>
    </PartnersScreen>
  );
}

interface SettingsFormProps {
  environment: Environment;
  saved: PartnersConfig;
  rewards: readonly ReferralReward[];
}

function SettingsForm({ environment, saved, rewards }: SettingsFormProps) {
  const [draft, setDraft] = useState<PartnersConfig>(saved);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSavePartnersConfig(environment);
  const guard = useGuardedSave(environment);
  const set = <Field extends keyof PartnersConfig>(field: Field, value: PartnersConfig[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy()) return;
    const checked = checkWith(partnersConfigSchema, draft, { markFields: true });
    if (!checked.ok) return refuse(checked.message, checked.fields);
    await guard.run(
      () => ({
        message: (
          <p>This changes the live partner programme{checked.value.programmeOpen ? '' : ' and closes joining'}.</p>
        ),
        confirmLabel: 'Save to production',
      }),
      (done) => {
        report(null);
        save.mutate(checked.value, {
          onSuccess: (answer) => {
            setDraft(answer);
            report({ tone: 'ok', text: 'Partner settings saved.' });
          },
          onError: (error) =>
            refuse(`The partner settings were not saved. ${refusalText(error)}`, refusedFields(error)),
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
      aria-label="Partner settings"
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
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
          Save settings
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
