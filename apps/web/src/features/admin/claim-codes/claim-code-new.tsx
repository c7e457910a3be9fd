import { ADMIN_ROUTES, adminClaimCodeBatchPath } from '@outpost/contracts/admin-routes';
import { CLAIM_CODE_MAX_BATCH_QUANTITY, CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useNavigate } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import type { ArrivalNotice } from '../components/arrival-notice';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { serverRefusal, topFields } from '../components/server-refusal';
import { useCreateClaimCodeBatch } from './api/create-claim-code-batch';
import { type BatchDraft, checkNewBatch, customCodePreview, newBatchDraft } from './claim-code-form';
import styles from './claim-codes.module.css';
import { NotAllowedNotice } from './not-allowed-notice';

/** A new batch of redemption codes (docs/product.md §7.9's inputs), for staff and admins. */
export default function ClaimCodeNew() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="claim-code-new-title">
      <h1 id="claim-code-new-title">New Code Batch</h1>
      <p className={adminStyles.lead}>
        Codes for players of {environment}, created available.{' '}
        <Link to={ADMIN_ROUTES.adminClaimCodes}>Back to the codes</Link>
      </p>
      {capabilities.manageShop ? (
        // A new environment starts a new form: nothing typed for one is created in another.
        <NewBatchForm key={environment} environment={environment} />
      ) : (
        <NotAllowedNotice />
      )}
    </section>
  );
}

function NewBatchForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<BatchDraft>(newBatchDraft);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const creating = useRef(false);
  const create = useCreateClaimCodeBatch(environment);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();
  const set = (field: keyof BatchDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: keyof BatchDraft) => errors[field];
  const preview = customCodePreview(draft.customCodeName);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating.current) return;
    const checked = checkNewBatch(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    creating.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: (
          <p>
            This creates {input.batchQuantity === 1 ? 'a code' : `${input.batchQuantity} codes`} that players of the
            live game can redeem now, in the batch “{input.batchName}”.
          </p>
        ),
        confirmLabel: 'Create in production',
      }))
    ) {
      creating.current = false;
      return;
    }
    report(null);
    create.mutate(input, {
      onSuccess: (batch) => {
        const state: ArrivalNotice = { notice: CLAIM_CODE_MESSAGES.created };
        navigate(adminClaimCodeBatchPath(batch.claimCodeID), { state });
      },
      onError: (error) => {
        const [message, fields] = serverRefusal(error, (text) => `The codes were not created: ${text}`);
        refuse(message, topFields(fields));
      },
      onSettled: () => {
        creating.current = false;
      },
    });
  };

  return (
    <form ref={formRef} className={adminStyles.narrowForm} onSubmit={submit} noValidate>
      <FormField label="Batch name" value={draft.batchName} error={errorOf('batchName')} onChange={set('batchName')} />
      <FormField
        label="Type"
        hint="What the codes are for, e.g. promo, giveaway or partner."
        value={draft.type}
        error={errorOf('type')}
        onChange={set('type')}
      />
      <div className={styles.numbers}>
        <FormField
          label="Number of codes"
          inputMode="numeric"
          hint={`From 1 to ${CLAIM_CODE_MAX_BATCH_QUANTITY}.`}
          value={draft.batchQuantity}
          error={errorOf('batchQuantity')}
          onChange={set('batchQuantity')}
        />
        <FormField
          label="Uses per code"
          inputMode="numeric"
          hint="How many players may redeem each code."
          value={draft.uses}
          error={errorOf('uses')}
          onChange={set('uses')}
        />
        <FormField
          label="Credits per redemption"
          inputMode="numeric"
          value={draft.credits}
          error={errorOf('credits')}
          onChange={set('credits')}
        />
      </div>
      <FormField
        label="Reward items"
        hint="Item IDs, separated by commas; an ID listed twice is granted twice."
        autoCapitalize="none"
        spellCheck={false}
        value={draft.rewards}
        error={errorOf('rewards')}
        onChange={set('rewards')}
      />
      <FormField
        label="Custom code name (optional)"
        hint={
          preview
            ? `The code will be: ${preview}`
            : 'Only for a batch of one code. Leave empty for generated codes such as k3x-09a.'
        }
        autoCapitalize="none"
        spellCheck={false}
        value={draft.customCodeName}
        error={errorOf('customCodeName')}
        onChange={set('customCodeName')}
      />
      <FormAlert notice={notice} ref={alertRef} />
      <button type="submit" className={`button ${adminStyles.submit} ${styles.submit}`} disabled={create.isPending}>
        Create codes
      </button>
      {dialog}
    </form>
  );
}
