import { createReferralRewardInputSchema, type ReferralReward } from '@outpost/contracts/partners';
import { useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { errorWithin, type FieldErrors, refusalText, refusedFields } from '../../../../components/form/field-errors';
import { FormAlert } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { useFormRefusal } from '../../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../components/admin-form-frame';
import adminStyles from '../../components/admin-screen.module.css';
import { checkWith, numberValue } from '../../components/form-check';
import type { InlineFormProps } from '../../components/inline-editor';
import { useGuardedSave } from '../../components/use-guarded-save';
import { useSaveReferralReward } from '../api/referral-rewards';
import styles from '../partners.module.css';

interface TierDraft {
  key: number;
  tierID: string;
  referrals: string;
  credits: string;
  items: string;
}

let nextKey = 0;
const tierDraft = (tier?: ReferralReward['tiers'][number]): TierDraft => ({
  key: nextKey++,
  tierID: tier?.tierID ?? '',
  referrals: tier ? String(tier.referrals) : '',
  credits: tier ? String(tier.credits) : '0',
  items: tier?.items.join(', ') ?? '',
});

const inputOf = (rewardID: string, name: string, tiers: readonly TierDraft[]) => ({
  rewardID,
  name,
  tiers: tiers.map((tier) => ({
    tierID: tier.tierID,
    referrals: numberValue(tier.referrals),
    credits: numberValue(tier.credits),
    items: tier.items
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  })),
});

/** A tier field's problem; an item's ("tiers.0.items.1") is shown at the tier's items field. */
const tierError = (errors: FieldErrors, index: number, field: keyof Omit<TierDraft, 'key'>) =>
  errorWithin(errors, `tiers.${index}.${field}`);

/** A referral-rewards document: its name and tiers (threshold, credits, items), replaced whole. */
export function RewardForm({ environment, editing, onDone }: InlineFormProps<ReferralReward>) {
  const [rewardID, setRewardID] = useState(editing?.rewardID ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(() => (editing ? editing.tiers.map(tierDraft) : [tierDraft()]));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const save = useSaveReferralReward(environment);
  const guard = useGuardedSave(environment);
  const setTier = (key: number, field: keyof Omit<TierDraft, 'key'>, value: string) =>
    setTiers((current) => current.map((tier) => (tier.key === key ? { ...tier, [field]: value } : tier)));

  const submit = () => {
    const checked = checkWith(createReferralRewardInputSchema, inputOf(rewardID, name, tiers), {
      describe: (issue) =>
        issue.path[0] === 'tiers' && typeof issue.path[1] === 'number'
          ? `Tier ${issue.path[1] + 1}: ${issue.message}`
          : issue.message,
      markFields: true,
    });
    if (!checked.ok) return refuse(checked.message, checked.fields);
    void guard.run(
      () => ({ message: <p>This changes what partners earn in production.</p>, confirmLabel: 'Save to production' }),
      (done) => {
        report(null);
        save.mutate(
          { reward: checked.value, isNew: editing === null },
          {
            onSuccess: (saved) => onDone({ tone: 'ok', text: `Referral reward ${saved.rewardID} saved.` }),
            // A taken ID (409) or a refused field names it: it is marked and takes the focus.
            onError: (error) => refuse(`Nothing was saved. ${refusalText(error)}`, refusedFields(error)),
            onSettled: done,
          },
        );
      },
    );
  };

  return (
    <AdminFormFrame
      title={editing ? `Edit referral reward ${editing.rewardID}` : 'New referral reward'}
      headingLevel={2}
      arrivedByAction
      pending={save.isPending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      {!editing && (
        <FormField
          label="Reward ID"
          hint="Lower-case letters, digits and '-'."
          autoCapitalize="none"
          spellCheck={false}
          value={rewardID}
          error={errors.rewardID}
          onChange={(event) => setRewardID(event.target.value)}
        />
      )}
      <FormField label="Name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <fieldset className={adminStyles.group}>
        <legend>Tiers</legend>
        {tiers.map((tier, index) => (
          <div key={tier.key} className={styles.tier}>
            <FormField
              label={`Tier ${index + 1} ID`}
              autoCapitalize="none"
              spellCheck={false}
              value={tier.tierID}
              error={tierError(errors, index, 'tierID')}
              onChange={(event) => setTier(tier.key, 'tierID', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} referrals`}
              inputMode="numeric"
              value={tier.referrals}
              error={tierError(errors, index, 'referrals')}
              onChange={(event) => setTier(tier.key, 'referrals', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} credits`}
              inputMode="numeric"
              value={tier.credits}
              error={tierError(errors, index, 'credits')}
              onChange={(event) => setTier(tier.key, 'credits', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} items`}
              hint="Item IDs, separated by commas."
              autoCapitalize="none"
              spellCheck={false}
              value={tier.items}
              error={tierError(errors, index, 'items')}
              onChange={(event) => setTier(tier.key, 'items', event.target.value)}
            />
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => setTiers((current) => current.filter((other) => other.key !== tier.key))}
              disabled={tiers.length === 1}
            >
              Remove tier {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={listStyles.plainButton}
          onClick={() => setTiers((current) => [...current, tierDraft()])}
        >
          + Add tier
        </button>
      </fieldset>
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={save.isPending}>
          {editing ? 'Save reward' : 'Create reward'}
        </button>
        {editing && (
          <button type="button" className={listStyles.plainButton} onClick={() => onDone(null)}>
            Cancel
          </button>
        )}
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
