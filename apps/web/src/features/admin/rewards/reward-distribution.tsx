import type { Environment } from '@outpost/contracts/environments';
import {
  type DistributeRewardAnswer,
  type EveryoneRewardRun,
  everyoneLabel,
  REWARD_AUDIENCE_DESCRIPTIONS,
  REWARD_AUDIENCE_LABELS,
  REWARD_EVERYONE,
  REWARD_MAX_RECIPIENTS,
  type RewardRequest,
} from '@outpost/contracts/rewards';
import { adminSegmentPath } from '@outpost/contracts/segments/paths';
import { type FormEvent, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { errorWithin, refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link } from '../../../lib/router/router';
import { useStartParam } from '../../calendar/start-param';
import { SegmentSelect, useSegmentName } from '../../segments/segment-select';
import { useAdminAccessContext } from '../admin-access-context';
import { useItemChoices } from '../api/get-item-choices';
import { AdminScreen } from '../components/admin-screen';
import adminStyles from '../components/admin-screen.module.css';
import { type ChosenPlayer, recipientIDs } from '../components/chosen-players';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { formatInstant, localTimeZone } from '../components/local-time';
import { ChosenPlayerList, PlayerSearch } from '../components/player-search';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useDistributeReward } from './api/distribute-reward';
import { useEveryonePlayers, useScheduleEveryoneReward } from './api/everyone-rewards';
import { EveryoneRewards } from './components/everyone-rewards';
import { RecipientChoice } from './components/recipient-choice';
import { RewardItemsEditor } from './components/reward-items-editor';
import { RewardResult } from './components/reward-result';
import {
  checkReward,
  checkScheduledReward,
  everyoneSentText,
  isScheduled,
  newRequestID,
  newRewardDraft,
  playerCount,
  type RewardDraft,
  rewardText,
  type ScheduledReward,
  SEGMENT_RECIPIENTS,
  scheduledText,
  sendFailure,
  sentText,
} from './reward-form';
import styles from './rewards.module.css';

/**
 * Reward distribution (docs/product.md §7.6): credits and items of items-master to chosen players, an
 * audience or a segment, for admins only.
 */
export default function RewardDistribution() {
  const { environment, capabilities } = useAdminAccessContext();
  // "New reward" starts a new form, and with it a new requestID.
  const [formKey, setFormKey] = useState(0);
  // The calendar's "New" at a time: the first form starts as a reward to everyone given then.
  const startsAt = useStartParam();
  return (
    <AdminScreen
      id="reward-distribution-title"
      title="Rewards"
      lead={`Give credits and items to players of ${environment}, chosen, a whole audience, a segment or everyone (now or at a time), with the reason they get them.`}
      className={styles.screen}
    >
      {capabilities.distributeRewards ? (
        <>
          <RewardForm
            key={`${environment}/${formKey}`}
            environment={environment}
            startsAt={formKey === 0 ? startsAt : null}
            onNewReward={() => setFormKey((key) => key + 1)}
          />
          <EveryoneRewards environment={environment} />
        </>
      ) : (
        <ReadOnlyNotice>
          Rewards are distributed by admins only: they give players credits and items, so your role cannot send them.
        </ReadOnlyNotice>
      )}
    </AdminScreen>
  );
}

interface RewardFormProps {
  environment: Environment;
  /** The time the calendar's "New" chose (`?at=`), or null. */
  startsAt: string | null;
  onNewReward: () => void;
}

function RewardForm({ environment, startsAt, onNewReward }: RewardFormProps) {
  // One requestID for the life of this form: a second press of Send, or a retry after a lost
  // answer, names the same reward, and the server gives it to nobody twice.
  const [requestID] = useState(newRequestID);
  const [chosen, setChosen] = useState<ChosenPlayer[]>([]);
  const [draft, setDraft] = useState<RewardDraft>(() => newRewardDraft(startsAt));
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const [result, setResult] = useState<DistributeRewardAnswer | null>(null);
  // A reward to everyone scheduled for a time: listed below, where it is moved or cancelled.
  const [scheduled, setScheduled] = useState<EveryoneRewardRun | null>(null);
  // A send that got no answer may have given the reward: until one comes, it stays as it was sent.
  const [outcomeUnknown, setOutcomeUnknown] = useState(false);
  const sending = useRef(false);
  const distribute = useDistributeReward(environment);
  const schedule = useScheduleEveryoneReward(environment);
  const pending = distribute.isPending || schedule.isPending;
  const everyonePlayers = useEveryonePlayers(environment).data?.players;
  const everyoneSize = everyonePlayers === undefined ? 'counting the players…' : `${playerCount(everyonePlayers)} now`;
  const { confirm, dialog } = useConfirmDialog();
  const set = <Field extends keyof RewardDraft>(field: Field, value: RewardDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const userIDs = recipientIDs(chosen, draft.pasted);
  // Once sent, the reward itself is fixed (its requestID names it); more players may still get it.
  const sent = result !== null || scheduled !== null;
  const fixed = sent || outcomeUnknown;

  const failed = (error: Error) => {
    const failure = sendFailure(error);
    setOutcomeUnknown((unknown) => unknown || !failure.outcomeKnown);
    // Players or items that do not exist are named: their fields are marked and take the focus.
    refuse(failure.text, refusedFields(error));
  };

  const scheduleReward = async () => {
    const checked = checkScheduledReward(requestID, draft);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const reward = checked.value;
    const confirmed = await confirm({
      title: environment === 'production' ? PRODUCTION_TITLE : `Schedule this reward in ${environment}?`,
      message: <ScheduleConfirmation reward={reward} environment={environment} />,
      confirmLabel: 'Schedule reward',
    });
    if (!confirmed) return;
    report(null);
    await schedule.mutateAsync(reward).then((run) => {
      setOutcomeUnknown(false);
      setScheduled(run);
      report({ tone: 'ok', text: scheduledText(run.sendAt) });
    }, failed);
  };

  const send = async () => {
    if (isScheduled(draft)) return scheduleReward();
    const checked = checkReward(requestID, userIDs, draft);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const reward = checked.value;
    const confirmed = await confirm({
      title: environment === 'production' ? PRODUCTION_TITLE : `Send this reward in ${environment}?`,
      message: <Confirmation reward={reward} environment={environment} everyonePlayers={everyonePlayers} />,
      confirmLabel: 'Send reward',
    });
    if (!confirmed) return;
    report(null);
    await distribute.mutateAsync(reward).then((answer) => {
      setOutcomeUnknown(false);
      setResult(answer);
      report({
        tone: 'ok',
        text: answer.audience === REWARD_EVERYONE ? everyoneSentText(answer) : sentText(answer),
      });
    }, failed);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scheduled) return;
    // One send at a time: a second press while the dialog is open or the call is out does nothing.
    if (sending.current) return;
    sending.current = true;
    void send().finally(() => {
      sending.current = false;
    });
  };

  return (
    <>
      <RecipientChoice
        environment={environment}
        audience={draft.audience}
        everyoneSize={everyoneSize}
        onChange={(audience) => set('audience', audience)}
      />
      {draft.audience === null && (
        <PlayerSearch
          environment={environment}
          chosen={new Set(userIDs)}
          onChoose={(player) => setChosen((current) => [...current, player])}
        />
      )}
      <form
        ref={formRef}
        className={`${adminStyles.form} ${adminStyles.spaced}`}
        onSubmit={submit}
        noValidate
        aria-busy={pending}
        aria-labelledby="reward-form-title"
      >
        <h2 id="reward-form-title">Reward</h2>
        <fieldset className={adminStyles.group}>
          <legend>Recipients</legend>
          {draft.audience === null ? (
            <>
              {chosen.length > 0 ? (
                <ChosenPlayerList
                  players={chosen}
                  onRemove={(player) => setChosen((current) => current.filter((kept) => kept.userID !== player.userID))}
                />
              ) : (
                <p className={adminStyles.note}>Find players above and add them, or paste their user IDs.</p>
              )}
              <TextAreaField
                label="User IDs (optional)"
                rows={3}
                hint={`Separated by spaces, commas or new lines; ${REWARD_MAX_RECIPIENTS} players at most per reward.`}
                autoCapitalize="none"
                spellCheck={false}
                value={draft.pasted}
                // The players picked and pasted go as one list: its problems are this field's.
                error={errorWithin(errors, 'userIDs')}
                onChange={(event) => set('pasted', event.target.value)}
              />
              <p role="status" className={adminStyles.note}>
                {playerCount(userIDs.length)} will get this reward.
              </p>
            </>
          ) : draft.audience === SEGMENT_RECIPIENTS ? (
            <>
              <SegmentSelect
                environment={environment}
                label="Segment"
                name="segmentID"
                hint="Its players as segments last counted them; Count again on its page brings them up to date."
                value={draft.segmentID}
                error={errors.segmentID}
                onChange={(segmentID) => set('segmentID', segmentID)}
              />
              <p role="status" className={adminStyles.note}>
                Every player in the segment will get this reward. The server finds them when the reward is sent,{' '}
                {REWARD_MAX_RECIPIENTS} players at most.
                {draft.segmentID !== '' && (
                  <>
                    {' '}
                    <Link to={adminSegmentPath(draft.segmentID)}>See who is in it</Link>
                  </>
                )}
              </p>
            </>
          ) : draft.audience === REWARD_EVERYONE ? (
            <p role="status" className={adminStyles.note}>
              Every player in {environment} will get this reward: {everyoneSize}. A background job gives it in batches
              of {REWARD_MAX_RECIPIENTS}, and its progress shows in the list below; players who join meanwhile may get
              it too.
            </p>
          ) : (
            <p role="status" className={adminStyles.note}>
              Every player in {REWARD_AUDIENCE_LABELS[draft.audience]} will get this reward:{' '}
              {REWARD_AUDIENCE_DESCRIPTIONS[draft.audience].toLowerCase()} The server counts them when the reward is
              sent, {REWARD_MAX_RECIPIENTS} players at most.
            </p>
          )}
        </fieldset>
        {draft.audience === REWARD_EVERYONE && (
          <fieldset className={`${adminStyles.group} ${styles.sendWhen}`} disabled={fixed}>
            <legend>Send</legend>
            <div className={styles.option}>
              <label>
                <input
                  type="radio"
                  name="reward-send-when"
                  checked={!draft.sendLater}
                  onChange={() => set('sendLater', false)}
                />
                Now
              </label>
            </div>
            <div className={styles.option}>
              <label>
                <input
                  type="radio"
                  name="reward-send-when"
                  checked={draft.sendLater}
                  onChange={() => set('sendLater', true)}
                />
                At a time
              </label>
            </div>
            {draft.sendLater && (
              <FormField
                label="Send at"
                type="datetime-local"
                hint={`In your time zone (${localTimeZone()}). The players are counted then; until it starts it can be moved or cancelled in the list below.`}
                value={draft.sendAt}
                error={errors.sendAt}
                onChange={(event) => set('sendAt', event.target.value)}
              />
            )}
          </fieldset>
        )}
        {fixed && (
          <p className={adminStyles.note}>
            {scheduled
              ? 'This reward is scheduled, so what it gives is fixed. Start a new reward for another.'
              : sent
                ? 'This reward is sent, so what it gives is fixed. Add players to give it to them too, or start a new reward.'
                : 'This reward may have been sent, so what it gives stays fixed until the server answers a Send.'}
          </p>
        )}
        <fieldset className={adminStyles.plain} disabled={fixed}>
          <FormField
            label="Credits per player"
            inputMode="numeric"
            hint="Whole credits; leave empty to give items only."
            value={draft.credits}
            error={errors.credits}
            onChange={(event) => set('credits', event.target.value)}
          />
          <RewardItemsEditor
            environment={environment}
            items={draft.items}
            errors={errors}
            onChange={(items) => set('items', items)}
          />
          <FormField
            label="Reason"
            hint="Why the players get it; kept in the admin log."
            value={draft.reason}
            error={errors.reason}
            onChange={(event) => set('reason', event.target.value)}
          />
        </fieldset>
        <p className={adminStyles.note}>Sending this form again never gives a player this reward twice.</p>
        <FormAlert notice={notice} ref={alertRef} />
        <div className={adminStyles.submitRow}>
          {/* Once scheduled, its request ID is that reward's: a send now under it would be another reward. */}
          {!scheduled && (
            // aria-disabled, not disabled: the button keeps the focus while the reward is on its way.
            <button type="submit" className={`button ${adminStyles.submit}`} aria-disabled={pending}>
              {isScheduled(draft) ? 'Schedule reward' : 'Send reward'}
            </button>
          )}
          {sent && (
            <button type="button" className={listStyles.plainButton} onClick={onNewReward}>
              New reward
            </button>
          )}
        </div>
        {dialog}
      </form>
      {result && result.audience !== REWARD_EVERYONE && <RewardResult result={result} />}
    </>
  );
}

interface ConfirmationProps {
  reward: RewardRequest;
  environment: Environment;
  /** The players counted for everyone, when known. */
  everyonePlayers: number | undefined;
}

/** Names a reward's items where the editor's suggestions know them: staff confirm what they recognise. */
function useItemNames(environment: Environment) {
  const choices = useItemChoices(environment);
  const nameOf = (itemID: string) => choices.data?.rows.find((item) => item.itemID === itemID)?.name;
  return <Reward extends { items: readonly { itemID: string; quantity: number }[] }>(reward: Reward) => ({
    ...reward,
    items: reward.items.map((item) => ({ ...item, name: nameOf(item.itemID) })),
  });
}

/** A scheduling's confirmation: when, and what each player there is then gets. */
function ScheduleConfirmation({ reward: request, environment }: { reward: ScheduledReward; environment: Environment }) {
  const reward = useItemNames(environment)(request);
  return (
    <>
      <p>
        {everyoneLabel(environment)} at {formatInstant(reward.sendAt)}: each player there is then gets{' '}
        {rewardText(reward)}, for “{reward.reason}”.
      </p>
      <p>
        A background job gives it at that time, in batches. Until it starts it can be moved or cancelled, here or on the
        calendar.
      </p>
    </>
  );
}

/** The confirmation's words: whom the reward goes to and what each gets. */
function Confirmation({ reward: request, environment, everyonePlayers }: ConfirmationProps) {
  const segmentName = useSegmentName(environment);
  const reward = useItemNames(environment)(request);
  const closing = 'Players who had this reward already get nothing more.';
  if (reward.segmentID !== undefined) {
    return (
      <>
        <p>
          Every player in the segment “{segmentName(reward.segmentID)}” gets {rewardText(reward)}, for “{reward.reason}
          ”.
        </p>
        <p>
          They are found as the reward is sent, by the segment's rules, {REWARD_MAX_RECIPIENTS} players at most.{' '}
          {closing}
        </p>
      </>
    );
  }
  if (!reward.audience) {
    const count = reward.userIDs?.length ?? 0;
    return (
      <p>
        {count === 1 ? 'The player' : `Each of ${playerCount(count)}`} gets {rewardText(reward)}, for “{reward.reason}”.{' '}
        {closing}
      </p>
    );
  }
  if (reward.audience === REWARD_EVERYONE) {
    return (
      <>
        <p>
          {everyoneLabel(environment)}
          {everyonePlayers === undefined ? '' : ` (${playerCount(everyonePlayers)} now)`}: each gets{' '}
          {rewardText(reward)}, for “{reward.reason}”.
        </p>
        <p>
          A background job gives it in batches, every player account once, and cannot be called back once it starts.{' '}
          {closing}
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        Every player in the audience {REWARD_AUDIENCE_LABELS[reward.audience]} gets {rewardText(reward)}, for “
        {reward.reason}”.
      </p>
      <p>
        {REWARD_AUDIENCE_DESCRIPTIONS[reward.audience]} They are counted as the reward is sent. {closing}
      </p>
    </>
  );
}
