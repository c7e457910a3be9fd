import type { Environment } from '@outpost/contracts/environments';
import {
  createPartnerInviteInputSchema,
  type PartnerInvite,
  type ReferralReward,
  updatePartnerInviteInputSchema,
} from '@outpost/contracts/partners';
import { useState } from 'react';
import { refusalText, refusedFields } from '../../../../components/form/field-errors';
import { FormAlert } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { SelectField } from '../../../../components/form/select-field';
import { useFormRefusal } from '../../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../components/admin-form-frame';
import adminStyles from '../../components/admin-screen.module.css';
import { checkWith } from '../../components/form-check';
import { useGuardedSave } from '../../components/use-guarded-save';
import { useCreatePartnerInvite, useUpdatePartnerInvite } from '../api/partner-invites';

interface InviteDraft {
  inviteID: string;
  joinRewardID: string;
  rewardTierID: string;
  referralRewardID: string;
}

const draftOf = (invite: PartnerInvite | null): InviteDraft => ({
  inviteID: invite?.inviteID ?? '',
  joinRewardID: invite?.joinRewardID ?? '',
  rewardTierID: invite?.rewardTierID ?? '',
  referralRewardID: invite?.referralRewardID ?? '',
});

/** The draft as the contracts' input: empty choices are null, an empty new code is left to the server. */
const inputOf = (draft: InviteDraft) => ({
  ...(draft.inviteID.trim() ? { inviteID: draft.inviteID } : {}),
  joinRewardID: draft.joinRewardID || null,
  rewardTierID: draft.rewardTierID || null,
  referralRewardID: draft.referralRewardID || null,
});

interface InviteFormProps {
  environment: Environment;
  rewards: readonly ReferralReward[];
  /** The invite to edit (its code can change), or null for a new one. */
  editing: PartnerInvite | null;
  onDone: (message: string) => void;
}

/** A new partner invite, or an existing one's code and rewards; a changed code replaces the invite whole. */
export function InviteForm({ environment, rewards, editing, onDone }: InviteFormProps) {
  const [draft, setDraft] = useState<InviteDraft>(() => draftOf(editing));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const create = useCreatePartnerInvite(environment);
  const update = useUpdatePartnerInvite(environment);
  const guard = useGuardedSave(environment);
  const pending = create.isPending || update.isPending;
  const joinTiers = rewards.find((reward) => reward.rewardID === draft.joinRewardID)?.tiers ?? [];
  const set = (field: keyof InviteDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({
      ...current,
      [field]: event.target.value,
      // A tier belongs to its reward: another reward starts without one.
      ...(field === 'joinRewardID' ? { rewardTierID: '' } : {}),
    }));

  const submit = () => {
    const schema = editing ? updatePartnerInviteInputSchema : createPartnerInviteInputSchema;
    const checked = checkWith(schema, inputOf(draft), { markFields: true });
    if (!checked.ok) return refuse(checked.message, checked.fields);
    // A taken code (409) or a refused field names it: it is marked and takes the focus.
    const failed = (error: Error) => refuse(`Nothing was saved. ${refusalText(error)}`, refusedFields(error));
    void guard.run(
      () => ({
        message: <p>This {editing ? 'changes a partner invite' : 'creates a partner invite'} in production.</p>,
        confirmLabel: 'Save to production',
      }),
      (done) => {
        report(null);
        if (editing) {
          update.mutate(
            { inviteID: editing.inviteID, input: { ...inputOf(draft), inviteID: draft.inviteID } },
            {
              onSuccess: (saved) =>
                onDone(
                  saved.inviteID === editing.inviteID
                    ? `Partner invite ${saved.inviteID} saved.`
                    : `Partner invite ${editing.inviteID} is now ${saved.inviteID}.`,
                ),
              onError: failed,
              onSettled: done,
            },
          );
        } else {
          create.mutate(inputOf(draft), {
            onSuccess: (saved) => {
              setDraft(draftOf(null));
              onDone(`Partner invite ${saved.inviteID} created.`);
            },
            onError: failed,
            onSettled: done,
          });
        }
      },
    );
  };

  return (
    <AdminFormFrame
      title={editing ? `Edit partner invite ${editing.inviteID}` : 'New partner invite'}
      headingLevel={2}
      arrivedByAction
      pending={pending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      <FormField
        label={editing ? 'Code' : 'Code (optional)'}
        hint="Lower-case letters, digits and '-'; a random code when left empty."
        autoCapitalize="none"
        spellCheck={false}
        value={draft.inviteID}
        error={errors.inviteID}
        onChange={set('inviteID')}
      />
      <SelectField
        label="Join reward"
        value={draft.joinRewardID}
        error={errors.joinRewardID}
        onChange={set('joinRewardID')}
      >
        <option value="">None</option>
        {rewards.map((reward) => (
          <option key={reward.rewardID} value={reward.rewardID}>
            {reward.name} ({reward.rewardID})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Join reward tier"
        hint="Paid once to the player who claims the invite."
        value={draft.rewardTierID}
        error={errors.rewardTierID}
        onChange={set('rewardTierID')}
        disabled={joinTiers.length === 0}
      >
        <option value="">None</option>
        {joinTiers.map((tier) => (
          <option key={tier.tierID} value={tier.tierID}>
            {tier.tierID}: {tier.credits} credits
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Referral reward"
        hint="The tiers the new partner earns as players join through their link."
        value={draft.referralRewardID}
        error={errors.referralRewardID}
        onChange={set('referralRewardID')}
      >
        <option value="">The default of the partner settings</option>
        {rewards.map((reward) => (
          <option key={reward.rewardID} value={reward.rewardID}>
            {reward.name} ({reward.rewardID})
          </option>
        ))}
      </SelectField>
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={pending}>
          {editing ? 'Save invite' : 'Create invite'}
        </button>
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
