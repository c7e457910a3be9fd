import type { Environment } from '@outpost/contracts/environments';
import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormField } from '../../../components/form/form-field';
import { useStartParam } from '../../calendar/start-param';
import { useAdminAccessContext } from '../admin-access-context';
import { LoadState } from '../components/load-state';
import { formatInstant, localTimeZone, toLocalDateTime } from '../components/local-time';
import { SettingsForm, useSettingsForm } from '../components/settings-form';
import { useSaveShopOpening, useShopOpening } from './api/shop-opening';
import { ShopScreen } from './components/shop-screen';
import { checkOpening, openingSummary } from './opening-form';
import styles from './shop.module.css';

const OPENING_SAVED = 'Opening date saved!';

/** config/container-spin: the shop's opening date. Before it the shop counts down and refuses spins. */
export default function ShopSettings() {
  const { environment, capabilities } = useAdminAccessContext();
  const opening = useShopOpening(environment);
  const startsAt = useStartParam();
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
            startsAt={startsAt}
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
  /** The time the calendar chose (?at=): the field starts there, for the admin to save. */
  startsAt: string | null;
  canEdit: boolean;
}

function OpeningForm({ environment, shopOpens, startsAt, canEdit }: OpeningFormProps) {
  const [text, setText] = useState(() => toLocalDateTime(startsAt ?? shopOpens));
  const { errors, save, frame } = useSettingsForm({
    environment,
    readOnly: canEdit ? null : 'Your role may view the opening date but not change it.',
    mutation: useSaveShopOpening(environment),
    confirmation: ({ shopOpens: opens }) =>
      opens === null
        ? 'This clears the opening date: the shop is open to players at once.'
        : `This sets the shop to open on ${formatInstant(opens)}. ${openingSummary(opens, new Date())}`,
    saved: OPENING_SAVED,
    notSaved: 'The opening date was not saved.',
    onSaved: (saved) => setText(toLocalDateTime(saved.shopOpens)),
  });

  return (
    <SettingsForm
      form={frame}
      submitLabel="Save opening date"
      onSubmit={() => void save(checkOpening(text))}
      actions={
        shopOpens !== null && (
          <button
            type="button"
            className={listStyles.plainButton}
            disabled={frame.pending}
            onClick={() => void save(checkOpening(''))}
          >
            Clear the date (open now)
          </button>
        )
      }
    >
      <div className={styles.opening} role="status">
        <p>
          <strong>{shopOpens === null ? 'No opening date' : `Opens ${formatInstant(shopOpens)}`}</strong>
          {shopOpens !== null && ` (${shopOpens} UTC)`}
        </p>
        <p>{openingSummary(shopOpens, new Date())}</p>
      </div>
      <FormField
        label="Shop opens at"
        type="datetime-local"
        hint={`In your time zone (${localTimeZone()}); leave empty for a shop that is open now.`}
        value={text}
        error={errors.shopOpens}
        onChange={(event) => setText(event.target.value)}
      />
    </SettingsForm>
  );
}
