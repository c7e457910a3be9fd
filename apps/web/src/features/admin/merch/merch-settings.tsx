import type { Environment } from '@outpost/contracts/environments';
import { useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { LoadState } from '../components/load-state';
import { SettingsForm, useSettingsForm } from '../components/settings-form';
import { useMerchConfig, useSaveMerchConfig } from './api/merch-config';
import { MerchScreen } from './components/merch-screen';
import { checkMerchConfig, creditsExample, MERCH_SETTINGS_SAVED } from './settings-form';

/** config/merch: what a dollar of merch costs when paid in credits. */
export default function MerchSettings() {
  const { environment, capabilities } = useAdminAccessContext();
  const config = useMerchConfig(environment);
  return (
    <MerchScreen
      id="merch-settings-title"
      title="Merch settings"
      lead={`What merch costs in credits in ${environment} (config/merch). Prices are set in dollars on each product.`}
    >
      <LoadState query={config} what="merch settings" missing="The merch settings could not be found.">
        {(loaded) => (
          <CreditsForm
            key={environment}
            environment={environment}
            creditsPerUSD={loaded.creditsPerUSD}
            canEdit={capabilities.manageShop}
          />
        )}
      </LoadState>
    </MerchScreen>
  );
}

interface CreditsFormProps {
  environment: Environment;
  creditsPerUSD: number;
  canEdit: boolean;
}

function CreditsForm({ environment, creditsPerUSD, canEdit }: CreditsFormProps) {
  const [text, setText] = useState(String(creditsPerUSD));
  const { errors, save, frame } = useSettingsForm({
    environment,
    readOnly: canEdit ? null : 'Your role may view the merch settings but not change them.',
    mutation: useSaveMerchConfig(environment),
    confirmation: (next) =>
      `This changes what merch costs in credits in production, from ${creditsPerUSD} to ${next.creditsPerUSD} credits a dollar. ${creditsExample(next.creditsPerUSD)} Orders already placed keep their price.`,
    saved: MERCH_SETTINGS_SAVED,
    notSaved: 'The merch settings were not saved.',
    onSaved: (saved) => setText(String(saved.creditsPerUSD)),
  });
  const typed = checkMerchConfig(text);
  // What the rate typed means, while it is a rate; what the saved one means otherwise.
  const example = creditsExample(typed.ok ? typed.value.creditsPerUSD : creditsPerUSD);

  return (
    <SettingsForm form={frame} submitLabel="Save merch settings" onSubmit={() => void save(typed)}>
      <FormField
        label="Credits per US dollar"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={text}
        error={errors.creditsPerUSD}
        hint="What a dollar of merch costs when a player pays in credits; credit prices are rounded up."
        onChange={(event) => setText(event.target.value)}
      />
      <p role="status" className={adminStyles.note}>
        {example}
      </p>
    </SettingsForm>
  );
}
