import { PARTNER_MESSAGES, REFERRAL_NEW_PLAYER_DAYS, type ReferralLanding } from '@outpost/contracts/partners';
import { ROUTES, referralPath } from '@outpost/contracts/routes';
import { failureNotice } from '../../components/form/failure-notice';
import { FormAlert } from '../../components/form/form-alert';
import { useFocusedNotice } from '../../components/form/use-focused-notice';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { errorCode } from '../../lib/api';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link, useParams } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { useJoinReferral, useReferral } from './api/referral';
import styles from './join.module.css';

const JOIN_TITLE = pageTitle('Join Outpost');

/** Why a signed-in player cannot join through this link, or null when they can. */
function refusalOf(landing: ReferralLanding): string | null {
  if (landing.viewer === 'own-link') return PARTNER_MESSAGES.referralOwn;
  if (landing.viewer === 'joined-here') return PARTNER_MESSAGES.alreadyReferredHere;
  if (landing.viewer === 'joined-elsewhere') return PARTNER_MESSAGES.alreadyReferred;
  if (landing.viewer === 'not-new') return PARTNER_MESSAGES.notANewPlayer;
  if (!landing.programmeOpen) return PARTNER_MESSAGES.programmeClosed;
  return null;
}

/**
 * /join/:referralID, a partner's referral link: who invites and their message; a visitor signs up
 * or signs in and comes back here, a signed-in player presses Join and sees the outcome.
 */
export default function JoinScreen() {
  return (
    <QueryProvider>
      <Join />
    </QueryProvider>
  );
}

function Join() {
  usePageTitle(JOIN_TITLE);
  const referralID = useParams().referralID ?? '';
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const referral = useReferral(referralID, signedIn, !me.isPending);
  const back = encodeURIComponent(referralPath(referralID));

  if (me.isPending || referral.isPending) return <LoadingScreen />;
  const landing = referral.data;
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="join-title">
      <h1 id="join-title">Join Outpost</h1>
      {referral.isError || !landing ? (
        <p role="alert" className={styles.refusal}>
          {referral.error?.message || 'This page could not be loaded. Check your connection and reload the page.'}
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            <strong>@{landing.partnerDisplayName}</strong> invites you to Outpost.
          </p>
          {landing.joinMessage && <blockquote className={styles.message}>{landing.joinMessage}</blockquote>}
          {!signedIn ? (
            landing.programmeOpen ? (
              <>
                <p>Create an account or sign in to join; you come back here afterwards.</p>
                <p className={styles.actions}>
                  <Link className="button" to={`${ROUTES.login}?mode=signup&next=${back}`}>
                    Create an account
                  </Link>
                  <Link className="button" to={`${ROUTES.login}?next=${back}`}>
                    Sign in to join
                  </Link>
                </p>
              </>
            ) : (
              <p className={styles.refusal}>{PARTNER_MESSAGES.programmeClosed}</p>
            )
          ) : (
            <JoinAction referralID={referralID} landing={landing} />
          )}
        </>
      )}
    </section>
  );
}

function JoinAction({ referralID, landing }: { referralID: string; landing: ReferralLanding }) {
  const join = useJoinReferral(referralID);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const refusal = refusalOf(landing);

  const onJoin = () => {
    setNotice(null);
    // Joined or refused (the page reloads with the reason), the Join button goes: the focus goes to
    // the outcome. A failed connection keeps it, to try again.
    join.start(undefined, {
      onSuccess: (joined) =>
        announce({ tone: 'ok', text: `You joined through @${joined.partnerDisplayName}'s link. Welcome to Outpost!` }),
      onError: (error) => {
        const notice = failureNotice(error, 'You could not join. Try again.');
        if (errorCode(error)) announce(notice);
        else setNotice(notice);
      },
    });
  };

  return (
    <>
      {join.isSuccess ? null : refusal ? (
        // A refused join reloads the page's state, which then says why; the notice says it already.
        !notice && <p className={styles.refusal}>{refusal}</p>
      ) : (
        <button type="button" className={`button ${styles.join}`} onClick={onJoin} disabled={join.busy}>
          {join.busy ? 'Joining…' : 'Join'}
        </button>
      )}
      <FormAlert ref={alertRef} notice={notice} />
      {(join.isSuccess || landing.viewer === 'joined-here') && (
        <p>
          <Link to={ROUTES.account}>Go to your account</Link> to join the beta and set up your profile.
        </p>
      )}
      {landing.viewer === 'not-new' && (
        <p>
          Your account was created more than {REFERRAL_NEW_PLAYER_DAYS} days ago, so you cannot join through this link;
          nothing about your account changes. <Link to={ROUTES.account}>Go to your account</Link> for your profile, the
          beta and the partner programme.
        </p>
      )}
    </>
  );
}
