import { createReferralRewardInputSchema, type ReferralReward } from '@outpost/contracts/partners';
import { useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
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

/** A referral-rewards document: its name and tiers (threshold, credits, items), replaced whole. */
export function RewardForm({ environment, editing, initialNotice, onDone }: InlineFormProps<ReferralReward>) {
  const [rewardID, setRewardID] = useState(editing?.rewardID ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(() => (editing ? editing.tiers.map(tierDraft) : [tierDraft()]));
  const [notice, setNotice] = useState<FormNotice | null>(initialNotice);
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
    });
    if (!checked.ok) return setNotice({ tone: 'error', text: checked.message });
    void guard.run(
      () => ({ message: <p>This changes what partners earn in production.</p>, confirmLabel: 'Save to production' }),
      (done) => {
        setNotice(null);
        save.mutate(
          { reward: checked.value, isNew: editing === null },
          {
            onSuccess: (saved) => onDone({ tone: 'ok', text: `Referral reward ${saved.rewardID} saved.` }),
            onError: (error) => setNotice({ tone: 'error', text: `Nothing was saved. ${error.message}` }),
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
      arrivedByAction={editing !== null || initialNotice !== null}
      pending={save.isPending}
      busy={guard.busy}
      onSubmit={submit}
    >
      {!editing && (
        <FormField
          label="Reward ID"
          hint="Lower-case letters, digits and '-'."
          autoCapitalize="none"
          spellCheck={false}
          value={rewardID}
          onChange={(event) => setRewardID(event.target.value)}
        />
      )}
      <FormField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <fieldset className={adminStyles.group}>
        <legend>Tiers</legend>
        {tiers.map((tier, index) => (
          <div key={tier.key} className={styles.tier}>
            <FormField
              label={`Tier ${index + 1} ID`}
              autoCapitalize="none"
              spellCheck={false}
              value={tier.tierID}
              onChange={(event) => setTier(tier.key, 'tierID', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} referrals`}
              inputMode="numeric"
              value={tier.referrals}
              onChange={(event) => setTier(tier.key, 'referrals', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} credits`}
              inputMode="numeric"
              value={tier.credits}
              onChange={(event) => setTier(tier.key, 'credits', event.target.value)}
            />
            <FormField
              label={`Tier ${index + 1} items`}
              hint="Item IDs, separated by commas."
              autoCapitalize="none"
              spellCheck={false}
              value={tier.items}
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
      <FormAlert notice={notice} />
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
