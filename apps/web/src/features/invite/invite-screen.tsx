import { BETA_MESSAGES, INVITE_REFUSALS, type InvitePreview } from '@outpost/contracts/beta';
import { invitePath, ROUTES } from '@outpost/contracts/routes';
import { failureNotice } from '../../components/form/failure-notice';
import { FormAlert } from '../../components/form/form-alert';
import { useFocusedNotice } from '../../components/form/use-focused-notice';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { errorCode } from '../../lib/api';
import { formatDay } from '../../lib/format-day';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link, useParams } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { useClaimInvite } from './api/claim-invite';
import { useInvite } from './api/get-invite';
import styles from './invite.module.css';
import { refusalOf } from './invite-status';

const INVITE_TITLE = pageTitle('Beta invite');

/**
 * /invite/:inviteID, a shared beta invite: whether this player can claim it and why not (docs/product.md §4.2),
 * and the Claim button. A visitor signs in or signs up first and comes back here.
 */
export default function InviteScreen() {
  return (
    <QueryProvider>
      <Invite />
    </QueryProvider>
  );
}

function Invite() {
  usePageTitle(INVITE_TITLE);
  const inviteID = useParams().inviteID ?? '';
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const invite = useInvite(inviteID, signedIn);
  const back = encodeURIComponent(invitePath(inviteID));

  if (me.isPending || (signedIn && invite.isPending)) return <LoadingScreen />;
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="invite-title">
      <h1 id="invite-title">You are invited to the Outpost beta</h1>
      {me.isError ? (
        <p role="alert">This page could not be loaded. Check your connection and reload the page.</p>
      ) : !signedIn ? (
        <>
          <p className={styles.lead}>
            Someone wants you in the beta: play before everyone else and help us build the world. Sign in or create an
            account to claim the invite; you come back here afterwards.
          </p>
          <p className={styles.actions}>
            <Link className="button" to={`${ROUTES.login}?next=${back}`}>
              Sign in to claim
            </Link>
            <Link className="button" to={`${ROUTES.login}?mode=signup&next=${back}`}>
              Create an account
            </Link>
          </p>
        </>
      ) : invite.isError ? (
        <p role="alert" className={styles.refusal}>
          {invite.error.message || 'This invite could not be loaded. Check your connection and reload the page.'}
        </p>
      ) : (
        invite.data && <InviteClaim invite={invite.data} />
      )}
    </section>
  );
}

function InviteClaim({ invite }: { invite: InvitePreview }) {
  const claim = useClaimInvite(invite.inviteID);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const refusal = refusalOf(invite.status);
  const from = invite.source === 'admin' ? 'The Outpost team' : 'A friend';

  const onClaim = () => {
    setNotice(null);
    // Either way but a failed connection, the Claim button goes (the invite reloads with its new
    // state), so the focus goes to the outcome, which says what happened.
    claim.start(undefined, {
      onSuccess: (claimed) =>
        announce({
          tone: 'ok',
          text: claimed.newlyClaimed
            ? 'You claimed the invite. Welcome to the beta!'
            : BETA_MESSAGES.inviteClaimedByYou,
        }),
      onError: (error) => {
        const code = errorCode(error);
        const notice = failureNotice(error, 'The invite could not be claimed. Try again.');
        if (INVITE_REFUSALS.some((refusal) => refusal === code)) announce(notice);
        else setNotice(notice);
      },
    });
  };

  return (
    <>
      <dl className={styles.facts}>
        <dt>Invite code</dt>
        <dd>
          <code>{invite.inviteID}</code>
        </dd>
        <dt>From</dt>
        <dd>{from}</dd>
        <dt>Valid until</dt>
        <dd>
          <time dateTime={invite.expiration}>{formatDay(invite.expiration)}</time>
        </dd>
      </dl>
      {claim.isSuccess ? null : refusal ? (
        // After a refused claim the alert says why already.
        !notice && <p className={styles.refusal}>{refusal}</p>
      ) : (
        <button type="button" className={`button ${styles.claim}`} onClick={onClaim} disabled={claim.busy}>
          {claim.busy ? 'Claiming…' : 'Claim invite'}
        </button>
      )}
      <FormAlert ref={alertRef} notice={notice} />
      {(claim.isSuccess || invite.status === 'claimed-by-you') && (
        <p>
          <Link to={ROUTES.account}>Go to your account</Link> to request beta entry, send feedback and see your invites.
        </p>
      )}
    </>
  );
}
