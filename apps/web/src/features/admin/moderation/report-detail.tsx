import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import {
  type AdminReport,
  REPORT_MESSAGES,
  REPORT_RESOLUTION_MAX_LENGTH,
  reportNotFoundMessage,
} from '@outpost/contracts/moderation';
import { personName } from '@outpost/contracts/people';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { USER_SEARCH_LIMITS } from '@outpost/contracts/user-search';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { CopyButton } from '../components/copy-button';
import { LoadState } from '../components/load-state';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { useReport } from './api/get-report';
import { useResolveReport } from './api/resolve-report';
import { ModerationScreen } from './components/moderation-screen';
import { ReportFiler } from './components/report-filer';
import styles from './moderation.module.css';
import { categoryLabel, reportedPlayerSearch } from './moderation-text';

const SEARCH_MAX = USER_SEARCH_LIMITS.queryMaxLength;

/** One report, whole, and its Resolve button (everyone who moderates); a resolved one shows who resolved it and how. */
export default function ReportDetail() {
  const { environment } = useAdminAccessContext();
  const { reportID = '' } = useParams();
  // The title names the report by its number once it is loaded (the loader below shares this query).
  const loaded = useReport(environment, reportID);
  return (
    <ModerationScreen
      id="report-detail-title"
      title={loaded.data ? `Report ${shortNumber(loaded.data.reportNumber)}` : 'Report'}
      lead={
        <>
          In {environment}. <Link to={ADMIN_ROUTES.adminReports}>Back to the reports</Link>
        </>
      }
    >
      <ReportLoader key={`${environment}/${reportID}`} environment={environment} reportID={reportID} />
    </ModerationScreen>
  );
}

/** The report, live: another moderator resolving it (another tab, another person) shows here at once (reports). */
function ReportLoader({ environment, reportID }: { environment: Environment; reportID: string }) {
  const report = useReport(environment, reportID);
  return (
    <>
      <LiveUpdates topics={['reports']} environment={environment} />
      <LoadState query={report} what="report" missing={reportNotFoundMessage(reportID, environment)}>
        {(loaded) => (
          <div aria-busy={report.isFetching}>
            <ReportFacts report={loaded} />
            {loaded.resolved ? <Resolution report={loaded} /> : null}
            <ResolveForm environment={environment} report={loaded} />
          </div>
        )}
      </LoadState>
    </>
  );
}

function ReportFacts({ report }: { report: AdminReport }) {
  return (
    <section aria-labelledby="report-facts-title">
      <h2 id="report-facts-title">{report.resolved ? 'Resolved report' : 'Unresolved report'}</h2>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Report ID</dt>
        <dd>
          <span className={styles.mono}>{report.reportID}</span> <CopyButton text={report.reportID} what="report ID" />
        </dd>
        <dt>Category</dt>
        <dd>{categoryLabel(report.category)}</dd>
        <dt>Reported</dt>
        <dd>{report.target}</dd>
        <dt>Filed by</dt>
        <dd>
          <ReportFiler report={report} />
        </dd>
        <dt>Filed</dt>
        <dd>{formatInstant(report.createdAt)}</dd>
      </dl>
      <p className={styles.findPlayer}>
        <Link to={`${ADMIN_ROUTES.adminUsers}${reportedPlayerSearch(report.target, report.reportID, SEARCH_MAX)}`}>
          Find the reported player
        </Link>{' '}
        in the user search: their page shows their suspensions, and a suspension made from there names this report.
      </p>
      <h3>What happened</h3>
      <p className={styles.reportText}>{report.text}</p>
    </section>
  );
}

function Resolution({ report }: { report: AdminReport }) {
  return (
    <section aria-labelledby="report-resolution-title">
      <h2 id="report-resolution-title">Resolution</h2>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Resolved by</dt>
        <dd>{report.resolvedByPerson ? <PersonLink person={report.resolvedByPerson} /> : 'Not recorded'}</dd>
        <dt>Resolved</dt>
        <dd>{report.resolvedAt ? formatInstant(report.resolvedAt) : '—'}</dd>
        <dt>What was done</dt>
        <dd className={styles.reportText}>{report.resolution || 'No note was left.'}</dd>
      </dl>
    </section>
  );
}

/**
 * Resolving asks first, since it cannot be undone and takes the report off the unresolved list
 * and the dashboard. A report someone else resolves while it is open here shows their resolution at
 * once, and the form says so; a note typed meanwhile stays, read-only, to be copied. Resolved between
 * the confirmation and the send, it is a 409: its words are shown and the report reloads with their
 * resolution.
 */
function ResolveForm({ environment, report }: { environment: Environment; report: AdminReport }) {
  const [resolution, setResolution] = useState('');
  // Opened unresolved: a resolution that arrives later is someone else's, unless this form sent it.
  const [openedUnresolved] = useState(!report.resolved);
  const { formRef, alertRef, notice, errors, refuse, report: say } = useFormRefusal();
  const resolve = useResolveReport(environment, report.reportID);
  const { confirm, dialog } = useConfirmDialog();
  const resolvedElsewhere = openedUnresolved && report.resolved && !resolve.isPending && !resolve.isSuccess;
  const keptNote = resolvedElsewhere && resolution.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (resolve.isPending || report.resolved) return;
    const production = environment === 'production';
    const confirmed = await confirm({
      title: production ? PRODUCTION_TITLE : 'Resolve this report?',
      message: (
        <p>
          The report about {report.target} leaves the unresolved reports of {environment} and the dashboard’s count.
          This cannot be undone.
        </p>
      ),
      confirmLabel: production ? 'Resolve in production' : 'Resolve report',
    });
    if (!confirmed) return;
    say(null);
    const note = resolution.trim();
    resolve.mutate(note ? { resolution: note } : {}, {
      onSuccess: () => say({ tone: 'ok', text: REPORT_MESSAGES.resolved }),
      // A 409 (already-resolved) names who resolved it and when; the report reloads with it. A 400
      // about the note marks it, and it takes the focus.
      onError: (error) => {
        const fields = refusedFields(error);
        if (Object.keys(fields).length === 0) say(failureNotice(error, 'The report was not resolved. Try again.'));
        else refuse(refusalText(error), fields);
      },
    });
  };

  return (
    <form
      ref={formRef}
      className={`${adminStyles.narrowForm} ${styles.resolveForm}`}
      aria-label="Resolve report"
      onSubmit={submit}
    >
      <FormAlert
        notice={notice ?? (resolvedElsewhere ? resolvedElsewhereNotice(report, keptNote) : null)}
        ref={alertRef}
      />
      {(!report.resolved || keptNote) && (
        <TextAreaField
          label="What was done (optional)"
          hint={
            keptNote
              ? 'Your note, not saved: the report was resolved without it.'
              : 'A note for the other moderators: a warning sent, a ban, nothing needed.'
          }
          value={resolution}
          error={errors.resolution}
          maxLength={REPORT_RESOLUTION_MAX_LENGTH}
          rows={3}
          readOnly={report.resolved}
          onChange={(event) => setResolution(event.target.value)}
        />
      )}
      {!report.resolved && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} aria-disabled={resolve.isPending}>
            {resolve.isPending ? 'Resolving…' : 'Resolve'}
          </button>
        </div>
      )}
      {dialog}
    </form>
  );
}

/** What the form says when someone else resolved the report while it was open here. */
function resolvedElsewhereNotice(report: AdminReport, keptNote: boolean): FormNotice {
  const who = report.resolvedByPerson ? personName(report.resolvedByPerson) : 'Another moderator';
  const when = report.resolvedAt ? ` on ${formatInstant(report.resolvedAt)}` : '';
  return keptNote
    ? {
        tone: 'error',
        text: `${who} resolved this report${when}, while you were writing. Your note was not saved; it is kept below to copy.`,
      }
    : { tone: 'ok', text: `${who} resolved this report${when}, while it was open here. Their resolution is above.` };
}
