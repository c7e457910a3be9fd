import type { Environment } from '@outpost/contracts/environments';
import { centsToDollars, dollarsToCents } from '@outpost/contracts/products';
import {
  PREMIUM_MONTHLY_PRICE_CENTS,
  type PremiumPlansConfig,
  premiumPlansConfigSchema,
  TWELVE_MONTHS_CENTS,
} from '@outpost/contracts/subscriptions/schemas';
import { useState } from 'react';
import { z } from 'zod/mini';
import { FormField } from '../../../components/form/form-field';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import type { Checked } from '../../admin/components/form-check';
import { LoadState } from '../../admin/components/load-state';
import { SettingsForm, useSettingsForm } from '../../admin/components/settings-form';
import { usePlansConfig, useSavePlansConfig } from '../api';
import { MoneyScreen } from './money-screen';

export const PLANS_SAVED = 'Premium plans saved. Players see the new prices at once.';

/**
 * Premium plans: the monthly plan is the terms' $7.99; admins set the annual plan's price (less than
 * twelve months, shown to players as the saving it is) and the product ids the game's stores sell
 * each plan under.
 */
export default function PlansScreen() {
  const { environment, capabilities } = useAdminAccessContext();
  const config = usePlansConfig(environment);
  return (
    <MoneyScreen
      id="premium-plans-title"
      title="Premium plans"
      lead={`The premium plans of ${environment}: monthly at $${centsToDollars(PREMIUM_MONTHLY_PRICE_CENTS)} (the terms' price) and annual at the price set here.`}
    >
      <LoadState query={config} what="premium plans" missing="The premium plans could not be found.">
        {(loaded) => (
          <PlansForm key={environment} environment={environment} saved={loaded} canEdit={capabilities.manageShop} />
        )}
      </LoadState>
    </MoneyScreen>
  );
}

interface Draft {
  annualPrice: string;
  monthlyStoreProductId: string;
  annualStoreProductId: string;
}

/** The plans as typed: the annual price in dollars, the product ids trimmed; one field marked at a time. */
function checkPlans(draft: Draft): Checked<PremiumPlansConfig> {
  const cents = dollarsToCents(draft.annualPrice);
  if (cents === null) {
    const message = 'Give the annual price in dollars, such as 69.99.';
    return { ok: false, message, fields: { annualPriceCents: message } };
  }
  const checked = z.safeParse(premiumPlansConfigSchema, {
    annualPriceCents: cents,
    monthlyStoreProductId: draft.monthlyStoreProductId.trim(),
    annualStoreProductId: draft.annualStoreProductId.trim(),
  });
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  const message = issue?.message ?? 'Check the plans.';
  return { ok: false, message, fields: { [String(issue?.path[0] ?? 'annualPriceCents')]: message } };
}

function PlansForm({
  environment,
  saved,
  canEdit,
}: {
  environment: Environment;
  saved: PremiumPlansConfig;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState<Draft>({
    annualPrice: centsToDollars(saved.annualPriceCents),
    monthlyStoreProductId: saved.monthlyStoreProductId,
    annualStoreProductId: saved.annualStoreProductId,
  });
  const { errors, save, frame } = useSettingsForm({
    environment,
    readOnly: canEdit ? null : 'Your role may view the premium plans but not change them.',
    mutation: useSavePlansConfig(environment),
    confirmation: (next) =>
      `Players of the live game see the annual plan at $${centsToDollars(next.annualPriceCents)} from now on.`,
    saved: PLANS_SAVED,
    notSaved: 'The premium plans were not saved.',
  });

  return (
    <SettingsForm
      form={frame}
      label="Premium plans"
      submitLabel="Save premium plans"
      onSubmit={() => void save(checkPlans(draft))}
    >
      <FormField
        label="Annual price (USD)"
        inputMode="decimal"
        hint={`Less than twelve months of the monthly plan ($${centsToDollars(TWELVE_MONTHS_CENTS)}).`}
        value={draft.annualPrice}
        error={errors.annualPriceCents}
        onChange={(event) => setDraft({ ...draft, annualPrice: event.target.value })}
      />
      <FormField
        label="Monthly plan's store product id"
        hint="The product id of the monthly plan in the App Store and Google Play."
        value={draft.monthlyStoreProductId}
        error={errors.monthlyStoreProductId}
        onChange={(event) => setDraft({ ...draft, monthlyStoreProductId: event.target.value })}
      />
      <FormField
        label="Annual plan's store product id"
        hint="The product id of the annual plan in the App Store and Google Play."
        value={draft.annualStoreProductId}
        error={errors.annualStoreProductId}
        onChange={(event) => setDraft({ ...draft, annualStoreProductId: event.target.value })}
      />
    </SettingsForm>
  );
}
