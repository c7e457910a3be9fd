import { adminUserPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import type { UserSearchHit, UserSearchMatch } from '@outpost/contracts/user-search';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { formatDate } from '../../components/local-time';
import styles from '../moderation.module.css';
import { playerName, withReport } from '../moderation-text';
import { KeyEditor } from './key-editor';

const MATCH_LABELS: Record<UserSearchMatch, string> = {
  exact: 'Exact match',
  prefix: 'Starts with your search',
  contains: 'Contains your search',
  typo: 'Close spelling',
};

interface UserHitProps {
  environment: Environment;
  hit: UserSearchHit;
  /** Admins change keys here; everyone else reads them. */
  canChangeKeys: boolean;
  /** The report the search was started from (`?report=`), carried to the player's page. */
  reportID?: string | null;
}

/**
 * One player found: who they are, how they matched, their keys and their figures in this
 * environment. The name leads to the player's page (suspensions), with the report searched from;
 * only that page shows the raw user id.
 */
export function UserHit({ environment, hit, canChangeKeys, reportID = null }: UserHitProps) {
  const { userID, displayName, email, created } = hit.profile;
  const heading = `hit-${userID}`;
  return (
    <article className={styles.hit} aria-labelledby={heading}>
      <h2 id={heading} className={styles.hitName}>
        <Link to={withReport(adminUserPath(userID), reportID)}>{playerName(displayName)}</Link>
      </h2>
      <p className={styles.note}>{MATCH_LABELS[hit.match]}</p>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Joined</dt>
        <dd>{formatDate(created)}</dd>
        {!canChangeKeys && (
          <>
            <dt>Keys</dt>
            <dd>{hit.keys.length > 0 ? hit.keys.join(', ') : 'None'}</dd>
          </>
        )}
        <dt>Credits</dt>
        <dd>{hit.credits.toLocaleString()}</dd>
        <dt>Merch orders</dt>
        <dd>{hit.merchOrders.toLocaleString()}</dd>
        <dt>Invites</dt>
        <dd>
          {hit.invites.shared} shared, {hit.invites.claimed} claimed
        </dd>
      </dl>
      {canChangeKeys && <KeyEditor environment={environment} hit={hit} />}
    </article>
  );
}
