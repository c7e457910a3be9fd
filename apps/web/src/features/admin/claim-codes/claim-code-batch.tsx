import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { ClaimCodeBatch } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { ROUTES } from '@outpost/contracts/routes';
import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { downloadCsv } from '../../../components/admin-list/csv-export';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { Link, useNavigate, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { type ArrivalNotice, useArrivalNotice } from '../components/arrival-notice';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { formatInstant } from '../components/local-time';
import { useDeleteClaimCodeBatch } from './api/delete-claim-code-batch';
import { useClaimCodeBatch } from './api/get-claim-code-batch';
import { batchCsv, batchFileName, grantText } from './batch-export';
import styles from './claim-codes.module.css';
import { Grants } from './grants';
import { NotAllowedNotice } from './not-allowed-notice';

/** One batch of redemption codes: its codes, used and available, as a CSV, as a print sheet; delete it. */
export default function ClaimCodeBatchScreen() {
  const { environment, capabilities } = useAdminAccessContext();
  const { claimCodeID = '' } = useParams();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="claim-code-batch-title">
      {capabilities.manageShop ? (
        <BatchLoader key={`${environment}/${claimCodeID}`} environment={environment} claimCodeID={claimCodeID} />
      ) : (
        <>
          <h1 id="claim-code-batch-title">Code Batch</h1>
          <NotAllowedNotice />
        </>
      )}
    </section>
  );
}

function BatchLoader({ environment, claimCodeID }: { environment: Environment; claimCodeID: string }) {
  const batch = useClaimCodeBatch(environment, claimCodeID);
  // 'Codes created!' from the create screen: shown once, not again on a reload of this entry.
  const arrivalNotice = useArrivalNotice();

  const back = <Link to={ADMIN_ROUTES.adminClaimCodes}>Back to the codes</Link>;
  if (batch.isPending || batch.isError || batch.data === null) {
    return (
      <>
        <h1 id="claim-code-batch-title">Code Batch</h1>
        {batch.isPending && (
          <p role="status" className={adminStyles.note}>
            Loading the codes…
          </p>
        )}
        {batch.isError && (
          <div role="alert" className={adminStyles.failure}>
            <p>The batch could not be loaded: {batch.error.message}</p>
            <button type="button" className="button" onClick={() => batch.refetch()}>
              Try again
            </button>
          </div>
        )}
        {batch.data === null && (
          <p role="alert" className={styles.notice}>
            There is no code batch “{claimCodeID}” in {environment}. {back}
          </p>
        )}
      </>
    );
  }
  return (
    <BatchDetails
      batch={batch.data}
      environment={environment}
      arrivalNotice={arrivalNotice}
      back={back}
      refreshing={batch.isFetching}
    />
  );
}

interface BatchDetailsProps {
  batch: ClaimCodeBatch;
  environment: Environment;
  arrivalNotice: string | null;
  back: ReactNode;
  refreshing: boolean;
}

function BatchDetails({ batch, environment, arrivalNotice, back, refreshing }: BatchDetailsProps) {
  const [notice, setNotice] = useState<FormNotice | null>(arrivalNotice ? { tone: 'ok', text: arrivalNotice } : null);
  const remove = useDeleteClaimCodeBatch(environment);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();
  const total = batch.availableCodes.length + batch.usedCodes.length;
  const printable = batch.availableCodes.length > 0;

  const exportCsv = () => downloadCsv(batchFileName(batch, environment), batchCsv(batch));
  const print = () => {
    if (printable) window.print();
  };
  const deleteBatch = async () => {
    if (remove.isPending) return;
    const production = environment === 'production';
    const unused = batch.availableCodes.length;
    const confirmed = await confirm({
      title: production ? PRODUCTION_TITLE : 'Delete this batch?',
      message: (
        <p>
          This deletes the batch “{batch.batchName}” and its {total === 1 ? 'code' : `${total} codes`} from{' '}
          {environment}. What players already redeemed stays theirs.
        </p>
      ),
      items: unused > 0 ? [`${unused} unused ${unused === 1 ? 'code stops' : 'codes stop'} working.`] : [],
      confirmLabel: production ? 'Delete in production' : 'Delete batch',
    });
    if (!confirmed) return;
    remove.mutate(batch.claimCodeID, {
      onSuccess: () => {
        const state: ArrivalNotice = { notice: `The batch “${batch.batchName}” was deleted.` };
        navigate(ADMIN_ROUTES.adminClaimCodes, { state });
      },
      onError: (error) => setNotice({ tone: 'error', text: `The batch was not deleted: ${error.message}` }),
    });
  };

  return (
    <>
      <p className="kicker">Code batch</p>
      <h1 id="claim-code-batch-title">
        <span className="visually-hidden">Code batch </span>
        {batch.batchName}
      </h1>
      <p className={adminStyles.lead}>
        In {environment}. {back}
      </p>
      <FormAlert notice={notice} />
      <dl className={`${adminStyles.facts} ${styles.facts}`} aria-busy={refreshing}>
        <dt>Claim code ID</dt>
        <dd>{batch.claimCodeID}</dd>
        <dt>Type</dt>
        <dd>{batch.type}</dd>
        <dt>Each code grants</dt>
        <dd>
          <Grants batch={batch} />
        </dd>
        <dt>Uses per code</dt>
        <dd>{batch.uses}</dd>
        <dt>Codes</dt>
        <dd>
          {batch.availableCodes.length} available, {batch.usedCodes.length} used up
        </dd>
        <dt>Status</dt>
        <dd>{batch.isAvailable ? 'Available' : 'Used up'}</dd>
        <dt>Created</dt>
        <dd>{formatInstant(batch.createdAt)}</dd>
      </dl>
      <div className={adminStyles.toolbar}>
        <button type="button" className={listStyles.plainButton} onClick={exportCsv}>
          Export CSV
        </button>
        <button
          type="button"
          className={listStyles.plainButton}
          aria-disabled={!printable}
          title={printable ? undefined : 'No code is left to print.'}
          onClick={print}
        >
          Print sheet
        </button>
        <button
          type="button"
          className={`${listStyles.plainButton} ${styles.danger}`}
          aria-disabled={remove.isPending}
          onClick={deleteBatch}
        >
          Delete batch
        </button>
      </div>
      <h2 id="available-codes">Available codes ({batch.availableCodes.length})</h2>
      {batch.availableCodes.length > 0 ? (
        <ul className={styles.codes} aria-labelledby="available-codes">
          {batch.availableCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      ) : (
        <p className={adminStyles.note}>Every code of this batch is used up.</p>
      )}
      <h2 id="used-codes">Used-up codes ({batch.usedCodes.length})</h2>
      {batch.usedCodes.length > 0 ? (
        <ul className={`${styles.codes} ${styles.usedCodes}`} aria-labelledby="used-codes">
          {batch.usedCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      ) : (
        <p className={adminStyles.note}>No code is used up yet.</p>
      )}
      {dialog}
      {printable && createPortal(<PrintSheet batch={batch} />, document.body)}
    </>
  );
}

/** The cut-out cards of the available codes; hidden on screen, the only thing printed (see the stylesheet). */
function PrintSheet({ batch }: { batch: ClaimCodeBatch }) {
  const where = `${window.location.host}${ROUTES.shop}`;
  const grants = grantText(batch);
  return (
    <div className={styles.sheet}>
      <p className={styles.sheetTitle}>
        {batch.batchName} · {batch.availableCodes.length} codes · {batch.claimCodeID}
      </p>
      <ul className={styles.cards}>
        {batch.availableCodes.map((code) => (
          <li key={code} className={styles.card}>
            <span className={styles.cardGame}>OUTPOST</span>
            <span className={styles.cardCode}>{code}</span>
            <span className={styles.cardGrant}>{grants}</span>
            <span className={styles.cardWhere}>Redeem at {where}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
