import { adminReportPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { USER_SEARCH_LIMITS } from '@outpost/contracts/user-search';
import { useEffect, useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import { Link, useSearchParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { useUserSearch } from '../api/search-users';
import { useArrivalNotice } from '../components/arrival-notice';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useReport } from './api/get-report';
import { ModerationScreen } from './components/moderation-screen';
import { UserHit } from './components/user-hit';
import styles from './moderation.module.css';
import { reportParam } from './moderation-text';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * The admin user search (docs/product.md §7.7's user-search-{env}): hits ranked by the server as the admin
 * types, each with its profile, keys and figures in this environment. The search is kept in the
 * URL (`?q=`), so a reload or a shared link shows the same hits; a search started from a report
 * keeps it (`?report=`) beside, and each hit's page carries it to a suspension.
 */
export default function UserSearch() {
  const { environment, capabilities } = useAdminAccessContext();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get('q') ?? '');
  const query = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const reportID = reportParam(params);
  const arrivalNotice = useArrivalNotice();

  useEffect(() => {
    if ((params.get('q') ?? '') === query) return;
    const next = new URLSearchParams(params);
    if (query) next.set('q', query);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [query, params, setParams]);

  return (
    <ModerationScreen
      id="user-search-title"
      title="User search"
      lead={`Find a player by display name or email address. Credits, merch orders and invites are those of ${environment}.`}
    >
      {/* "The account was deleted: …" from a player's page: shown once, not again on a reload. */}
      <p role="status">{arrivalNotice}</p>
      {!capabilities.manageKeys && <ReadOnlyNotice>Only admins change keys; you see them read-only.</ReadOnlyNotice>}
      {reportID && (
        <p className={styles.fromReport}>
          Looking for the player of <ReportLink environment={environment} reportID={reportID} />. A player’s name opens
          their page; a suspension made there names the report.
        </p>
      )}
      <search aria-label="Players" className={styles.searchBox}>
        <FormField
          label="Search players"
          type="search"
          hint={`At least ${USER_SEARCH_LIMITS.queryMinLength} characters of a display name or email address; close spellings are found too.`}
          value={typed}
          maxLength={USER_SEARCH_LIMITS.queryMaxLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>
      <Hits environment={environment} query={query} canChangeKeys={capabilities.manageKeys} reportID={reportID} />
    </ModerationScreen>
  );
}

interface HitsProps {
  environment: Environment;
  query: string;
  canChangeKeys: boolean;
  reportID: string | null;
}

function Hits({ environment, query, canChangeKeys, reportID }: HitsProps) {
  const { result, tooShortMessage, searching, failure, retry } = useUserSearch(environment, query);

  let status = tooShortMessage ?? '';
  if (!result && searching) status = 'Searching…';
  else if (result) {
    const found = result.hits.length;
    status =
      found === 0 ? `No player matches “${result.query}”.` : `${found} ${found === 1 ? 'player' : 'players'} found.`;
    if (result.more) status += ' More players match: type more of the name or address to narrow it down.';
  }

  return (
    <>
      <p role="status" className={styles.note}>
        {status}
      </p>
      {failure && (
        <div role="alert" className={styles.failure}>
          <p>The search failed: {failure.message}</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {result && result.hits.length > 0 && (
        <ul className={styles.hits} aria-label="Players found" aria-busy={searching}>
          {result.hits.map((hit) => (
            <li key={hit.profile.userID}>
              <UserHit environment={environment} hit={hit} canChangeKeys={canChangeKeys} reportID={reportID} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The report the search started from, by its number once it is loaded. */
function ReportLink({ environment, reportID }: { environment: Environment; reportID: string }) {
  const report = useReport(environment, reportID);
  return (
    <Link to={adminReportPath(reportID)}>
      {report.data ? `report ${shortNumber(report.data.reportNumber)}` : 'the report'}
    </Link>
  );
}
