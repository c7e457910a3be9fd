import type { Environment } from '@outpost/contracts/environments';
import { centsToDollars, dollarsToCents } from '@outpost/contracts/products';
import {
  PREMIUM_MONTHLY_PRICE_CENTS,
  type PremiumPlansConfig,
  premiumPlansConfigSchema,
  TWELVE_MONTHS_CENTS,
} from '@outpost/contracts/subscriptions/schemas';
import { type FormEvent, useState } from 'react';
import { z } from 'zod/mini';
import { refusalText } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { LoadState } from '../../admin/components/load-state';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { useGuardedSave } from '../../admin/components/use-guarded-save';
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
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSavePlansConfig(environment);
  const guard = useGuardedSave(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (guard.busy() || !canEdit) return;
    const cents = dollarsToCents(draft.annualPrice);
    if (cents === null)
      return refuse('Give the annual price in dollars, such as 69.99.', {
        annualPriceCents: 'Give the annual price in dollars, such as 69.99.',
      });
    const checked = z.safeParse(premiumPlansConfigSchema, {
      annualPriceCents: cents,
      monthlyStoreProductId: draft.monthlyStoreProductId.trim(),
      annualStoreProductId: draft.annualStoreProductId.trim(),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const message = issue?.message ?? 'Check the plans.';
      return refuse(message, { [String(issue?.path[0] ?? 'annualPriceCents')]: message });
    }
    const next = checked.data;
    await guard.run(
      () => ({
        message: (
          <p>Players of the live game see the annual plan at ${centsToDollars(next.annualPriceCents)} from now on.</p>
        ),
        confirmLabel: 'Save to production',
      }),
      (done) => {
        report(null);
        save.mutate(next, {
          onSuccess: () => report({ tone: 'ok', text: PLANS_SAVED }),
          onError: (error) => refuse(`The premium plans were not saved. ${refusalText(error)}`),
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
      aria-label="Premium plans"
    >
      {!canEdit && <ReadOnlyNotice>Your role may view the premium plans but not change them.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
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
      </fieldset>
      <FormAlert notice={notice} ref={alertRef} />
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
            Save premium plans
          </button>
        </div>
      )}
      {guard.dialog}
    </form>
  );
}
