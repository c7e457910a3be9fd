import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { personIn } from '@outpost/contracts/people';
import { type DistributeRewardResult, REWARD_ADMIN_ACTION, REWARD_AUDIENCE_LABELS } from '@outpost/contracts/rewards';
import { adminSegmentPath } from '@outpost/contracts/segments/paths';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { formatInstant } from '../../components/local-time';
import { PersonLink } from '../../components/person-link';
import { playerCount, rewardText } from '../reward-form';
import styles from '../rewards.module.css';

interface RewardResultProps {
  result: DistributeRewardResult;
}

/**
 * What the last send did: who got the reward now, who had it already, and where the admin log has
 * it. An audience's or a segment's players are counted, not named: they may be hundreds, found by the server.
 */
export function RewardResult({ result }: RewardResultProps) {
  const people = new Map(result.recipients.map((person) => [person.userID, person]));
  const counted = result.audience !== null || result.segment !== null;
  const who = (userIDs: readonly string[]) => {
    if (userIDs.length === 0) return 'Nobody';
    if (counted) return playerCount(userIDs.length);
    return (
      <ul className={styles.people}>
        {userIDs.map((userID) => (
          <li key={userID}>
            <PersonLink person={personIn(people, userID)} />
          </li>
        ))}
      </ul>
    );
  };
  // The log's Admin filter as a person types it (the email names one admin); a raw id only if the account is gone.
  const logLink = `${ADMIN_ROUTES.adminLog}?${new URLSearchParams({ action: REWARD_ADMIN_ACTION, admin: result.distributor.email ?? result.distributedBy })}`;
  return (
    <section aria-labelledby="reward-result-title" className={styles.result}>
      <h2 id="reward-result-title">Reward sent</h2>
      <p>
        {result.given.length > 0
          ? `${playerCount(result.given.length)} got ${rewardText(result)} now.`
          : `Nobody new got it: every player ${result.audience ? 'in the audience' : result.segment ? 'in the segment' : 'listed'} had this reward already, so nothing was given twice.`}
      </p>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        {result.audience && (
          <>
            <dt>Audience</dt>
            <dd>{REWARD_AUDIENCE_LABELS[result.audience]}</dd>
          </>
        )}
        {result.segment && (
          <>
            <dt>Segment</dt>
            <dd>
              <Link to={adminSegmentPath(result.segment.segmentID)}>{result.segment.name}</Link>
            </dd>
          </>
        )}
        <dt>Given now</dt>
        <dd>{who(result.given)}</dd>
        <dt>Had it already</dt>
        <dd>{who(result.alreadyGiven)}</dd>
        <dt>Reason</dt>
        <dd>{result.reason}</dd>
        <dt>Sent by</dt>
        <dd>
          <PersonLink person={result.distributor} withEmail={false} />
        </dd>
        <dt>First sent</dt>
        <dd>{formatInstant(result.distributedAt)}</dd>
      </dl>
      <p>
        <Link to={logLink}>See your rewards in the admin log</Link>
      </p>
    </section>
  );
}
