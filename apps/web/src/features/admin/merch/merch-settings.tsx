import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useGuardedSave } from '../components/use-guarded-save';
import { useMerchConfig, useSaveMerchConfig } from './api/merch-config';
import { MerchScreen } from './components/merch-screen';
import styles from './merch.module.css';
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
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveMerchConfig(environment);
  const guard = useGuardedSave(environment);
  const typed = checkMerchConfig(text);
  // What the rate typed means, while it is a rate; what the saved one means otherwise.
  const example = creditsExample(typed.ok ? typed.value.creditsPerUSD : creditsPerUSD);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy() || !canEdit) return;
    if (!typed.ok) return refuse(typed.message, typed.fields);
    const next = typed.value;
    const confirmation = () => ({
      message: (
        <p>
          This changes what merch costs in credits in production, from {creditsPerUSD} to {next.creditsPerUSD} credits a
          dollar. {creditsExample(next.creditsPerUSD)} Orders already placed keep their price.
        </p>
      ),
      confirmLabel: 'Save to production',
    });
    await guard.run(confirmation, (done) => {
      report(null);
      save.mutate(next, {
        onSuccess: (saved) => {
          setText(String(saved.creditsPerUSD));
          report({ tone: 'ok', text: MERCH_SETTINGS_SAVED });
        },
        onError: (error) => refuse(...serverRefusal(error, (text) => `The merch settings were not saved. ${text}`)),
        onSettled: done,
      });
    });
  };

  return (
    <form
      ref={formRef}
      className={`${adminStyles.form} ${adminStyles.spaced}`}
      onSubmit={submit}
      noValidate
      aria-busy={save.isPending}
    >
      {!canEdit && <ReadOnlyNotice>Your role may view the merch settings but not change them.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
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
      </fieldset>
      <p role="status" className={adminStyles.note}>
        {example}
      </p>
      <FormAlert notice={notice} ref={alertRef} />
      {canEdit && (
        <div className={styles.actions}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save merch settings
          </button>
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
