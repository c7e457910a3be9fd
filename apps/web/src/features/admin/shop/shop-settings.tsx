import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { LoadState } from '../components/load-state';
import { formatInstant, localTimeZone, toLocalDateTime } from '../components/local-time';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useGuardedSave } from '../components/use-guarded-save';
import { useSaveShopOpening, useShopOpening } from './api/shop-opening';
import { ShopScreen } from './components/shop-screen';
import { checkOpening, openingSummary } from './opening-form';
import styles from './shop.module.css';

const OPENING_SAVED = 'Opening date saved!';

/** config/container-spin: the shop's opening date. Before it the shop counts down and refuses spins. */
export default function ShopSettings() {
  const { environment, capabilities } = useAdminAccessContext();
  const opening = useShopOpening(environment);
  return (
    <ShopScreen
      id="shop-settings-title"
      title="Opening date"
      lead={`When the shop of ${environment} opens (config/container-spin).`}
    >
      <LoadState query={opening} what="opening date" missing="The opening date could not be found.">
        {(config) => (
          <OpeningForm
            key={environment}
            environment={environment}
            shopOpens={config.shopOpens}
            canEdit={capabilities.manageShop}
          />
        )}
      </LoadState>
    </ShopScreen>
  );
}

interface OpeningFormProps {
  environment: Environment;
  shopOpens: string | null;
  canEdit: boolean;
}

function OpeningForm({ environment, shopOpens, canEdit }: OpeningFormProps) {
  const [text, setText] = useState(() => toLocalDateTime(shopOpens));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveShopOpening(environment);
  const guard = useGuardedSave(environment);

  const store = async (value: string) => {
    if (guard.busy() || !canEdit) return;
    const checked = checkOpening(value);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const opens = checked.value.shopOpens;
    const confirmation = () => ({
      message: (
        <p>
          {opens === null
            ? 'This clears the opening date: the shop is open to players at once.'
            : `This sets the shop to open on ${formatInstant(opens)}. ${openingSummary(opens, new Date())}`}
        </p>
      ),
      confirmLabel: 'Save to production',
    });
    await guard.run(confirmation, (done) => {
      report(null);
      save.mutate(checked.value, {
        onSuccess: (saved) => {
          setText(toLocalDateTime(saved.shopOpens));
          report({ tone: 'ok', text: OPENING_SAVED });
        },
        onError: (error) => refuse(...serverRefusal(error, (text) => `The opening date was not saved. ${text}`)),
        onSettled: done,
      });
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void store(text);
  };

  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <div className={styles.opening} role="status">
        <p>
          <strong>{shopOpens === null ? 'No opening date' : `Opens ${formatInstant(shopOpens)}`}</strong>
          {shopOpens !== null && ` (${shopOpens} UTC)`}
        </p>
        <p>{openingSummary(shopOpens, new Date())}</p>
      </div>
      {!canEdit && <ReadOnlyNotice>Your role may view the opening date but not change it.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
        <FormField
          label="Shop opens at"
          type="datetime-local"
          hint={`In your time zone (${localTimeZone()}); leave empty for a shop that is open now.`}
          value={text}
          error={errors.shopOpens}
          onChange={(event) => setText(event.target.value)}
        />
      </fieldset>
      <FormAlert notice={notice} ref={alertRef} />
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save opening date
          </button>
          {shopOpens !== null && (
            <button
              type="button"
              className={listStyles.plainButton}
              disabled={save.isPending}
              onClick={() => void store('')}
            >
              Clear the date (open now)
            </button>
          )}
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
