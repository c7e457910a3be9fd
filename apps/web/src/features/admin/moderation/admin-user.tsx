import type { AdminUser } from '@outpost/contracts/account-lifecycle';
import { SUSPENSION_MESSAGES } from '@outpost/contracts/account-lifecycle-text';
import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import type { LiveTopicName } from '@outpost/contracts/live-topics';
import type { AdminAccess } from '@outpost/contracts/permissions';
import type { UseQueryResult } from '@tanstack/react-query';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useParams, useSearchParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { CopyButton } from '../components/copy-button';
import { LoadState } from '../components/load-state';
import { formatDate } from '../components/local-time';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { AccountTools } from '../players/account-tools';
import { PlayerLog } from '../players/player-log';
import { PlayerRecord } from '../players/player-record';
import { useAdminUser, useStillThere } from './api/get-admin-user';
import { KeyEditor } from './components/key-editor';
import { ModerationScreen } from './components/moderation-screen';
import { PlayerMoney } from './components/player-money';
import { SuspensionHistory } from './components/suspension-history';
import { SuspensionPanel } from './components/suspension-panel';
import styles from './moderation.module.css';
import { playerName, reportParam, withReport } from './moderation-text';

/**
 * One player's page for support (docs/decisions/0130-the-player-page.md), reached from the search and from
 * every name: who they are, their keys and standing, then every domain's record of them in this
 * environment (sessions, devices, game, credits, inventory, purchases, orders, spins, codes, reports),
 * their suspensions and every admin action on them. Staff and admins act from here (suspend, lift,
 * give or take back credits and items, refund, sign out); moderators read.
 */
export default function AdminUserScreen() {
  const { environment, capabilities } = useAdminAccessContext();
  const { userID = '' } = useParams();
  const [params] = useSearchParams();
  const reportID = reportParam(params);
  const user = useAdminUser(environment, userID);
  const searchPath = withReport(ADMIN_ROUTES.adminUsers, reportID);
  return (
    <ModerationScreen
      id="admin-user-title"
      titlePrefix="Player"
      title={user.data ? playerName(user.data.profile.displayName) : userID}
      lead={
        <>
          A player’s account and sessions are shared by every environment; everything else here is {environment}’s.{' '}
          <Link to={searchPath}>Back to the user search</Link>
        </>
      }
    >
      <LiveUpdates topics={PLAYER_TOPICS} environment={environment} />
      <UserLoader
        key={`${environment}/${userID}`}
        query={user}
        environment={environment}
        userID={userID}
        capabilities={capabilities}
        reportID={reportID}
      />
    </ModerationScreen>
  );
}

/**
 * What the page follows live: the admin log, in which every admin's change to a player is an entry (credits, items,
 * a suspension, keys, sessions ended). Not the reports' or the merch orders' topics: their events do not say whose
 * they are, so every report or order in the environment would read every open player page again, the record with
 * every domain's reads; those sections are read again when an admin change moves the page, or when it is opened.
 */
const PLAYER_TOPICS: readonly LiveTopicName[] = ['admin-log'];

interface UserLoaderProps {
  query: UseQueryResult<AdminUser>;
  environment: Environment;
  userID: string;
  capabilities: AdminAccess['capabilities'];
  reportID: string | null;
}

function UserLoader({ query, environment, userID, capabilities, reportID }: UserLoaderProps) {
  return (
    <LoadState
      query={query}
      what="player"
      missing={SUSPENSION_MESSAGES.noUser(userID)}
      gone={!useStillThere(environment, userID)}
    >
      {(user) => (
        <div aria-busy={query.isFetching}>
          <AccountFacts user={user} environment={environment} canChangeKeys={capabilities.manageKeys} />
          <SuspensionPanel
            environment={environment}
            user={user}
            canSuspend={capabilities.suspendPlayers}
            reportID={reportID}
            onReload={query.refetch}
          />
          {capabilities.suspendPlayers && (
            <AccountTools environment={environment} userID={userID} name={playerName(user.profile.displayName)} />
          )}
          <SuspensionHistory
            name={playerName(user.profile.displayName)}
            suspensions={user.suspensions}
            environment={environment}
          />
          <PlayerRecord
            environment={environment}
            userID={userID}
            name={playerName(user.profile.displayName)}
            capabilities={capabilities}
            after={{
              purchases: (
                <PlayerMoney
                  environment={environment}
                  userID={userID}
                  name={playerName(user.profile.displayName)}
                  canRefund={capabilities.manageShop}
                />
              ),
            }}
          />
          <PlayerLog environment={environment} userID={userID} />
        </div>
      )}
    </LoadState>
  );
}

interface AccountFactsProps {
  user: AdminUser;
  environment: Environment;
  canChangeKeys: boolean;
}

/** Who the player is, their keys (admins change them here), and their figures in this environment. */
function AccountFacts({ user, environment, canChangeKeys }: AccountFactsProps) {
  const { userID, email, created } = user.profile;
  return (
    <>
      <section aria-labelledby="admin-user-account">
        <h2 id="admin-user-account">Account</h2>
        <dl className={`${adminStyles.facts} ${styles.facts}`}>
          <dt>Email</dt>
          <dd>{email}</dd>
          <dt>User ID</dt>
          <dd className={styles.idRow}>
            <span className={styles.mono}>{userID}</span>
            <CopyButton text={userID} what="user ID" />
          </dd>
          <dt>Joined</dt>
          <dd>{formatDate(created)}</dd>
          {!canChangeKeys && (
            <>
              <dt>Keys</dt>
              <dd>{user.keys.length > 0 ? user.keys.join(', ') : 'None'}</dd>
            </>
          )}
        </dl>
        {canChangeKeys ? (
          <KeyEditor environment={environment} hit={user} />
        ) : (
          <ReadOnlyNotice>Only admins change keys; you see them read-only.</ReadOnlyNotice>
        )}
      </section>
      <section aria-labelledby="admin-user-figures">
        <h2 id="admin-user-figures">In {user.environment}</h2>
        <dl className={`${adminStyles.facts} ${styles.facts}`}>
          <dt>Credits</dt>
          <dd>{user.credits.toLocaleString()}</dd>
          <dt>Merch orders</dt>
          <dd>{user.merchOrders.toLocaleString()}</dd>
          <dt>Invites</dt>
          <dd>
            {user.invites.shared} shared, {user.invites.claimed} claimed
          </dd>
        </dl>
      </section>
    </>
  );
}
