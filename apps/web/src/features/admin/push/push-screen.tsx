import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import {
  noAudienceDevicesMessage,
  PUSH_BODY_MAX_LENGTH,
  PUSH_MESSAGE_STATES,
  PUSH_RECIPIENT_CATEGORIES,
  PUSH_RECIPIENT_LABELS,
  PUSH_STATE_LABELS,
  PUSH_TITLE_MAX_LENGTH,
  type PushMessage,
  type PushTestResult,
} from '@outpost/contracts/push-messages';
import { SEGMENTS_TOPIC } from '@outpost/contracts/segments/contract';
import { type FormEvent, useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useStartParam } from '../../calendar/start-param';
import { SegmentSelect, useSegmentName } from '../../segments/segment-select';
import { useAdminAccessContext } from '../admin-access-context';
import { AdminScreen } from '../components/admin-screen';
import adminStyles from '../components/admin-screen.module.css';
import type { ChosenPlayer } from '../components/chosen-players';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { formatInstant, localTimeZone } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { ChosenPlayerList, PlayerSearch } from '../components/player-search';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { RescheduleControl } from '../components/reschedule-control';
import {
  getPushMessages,
  pushHistoryQueryKey,
  useCancelPush,
  usePushAudience,
  usePushOutbox,
  useReschedulePush,
  useSendPush,
  useSendTestPush,
} from './api';
import styles from './push.module.css';
import {
  audienceOf,
  audienceText,
  checkPushDraft,
  countsText,
  lockScreenBody,
  newPushDraft,
  type PushDraft,
  reachText,
  sentNotice,
} from './push-form';

/**
 * Push notifications (docs/product.md §2.8): compose, preview, send or schedule, test, and the history.
 * Admins only.
 */
export default function PushScreen() {
  const { environment, capabilities } = useAdminAccessContext();
  const [formKey, setFormKey] = useState(0);
  const startsAt = useStartParam();
  return (
    <AdminScreen
      id="push-title"
      title="Push notifications"
      lead={`Send a message to the phones of players of ${environment}: everyone, a segment or chosen players, now or at a time.`}
      className={styles.screen}
    >
      {capabilities.sendPush ? (
        <>
          <Composer
            key={`${environment}/${formKey}`}
            environment={environment}
            startsAt={formKey === 0 ? startsAt : null}
            onNew={() => setFormKey((key) => key + 1)}
          />
          <TestNotification environment={environment} />
          {/* One stream for the history (each message's progress), the outbox (what the stand-in phone got), and the segments the composer offers. */}
          <LiveUpdates topics={['push-messages', 'push-outbox', SEGMENTS_TOPIC]} environment={environment} />
          <History environment={environment} />
          <Outbox environment={environment} />
        </>
      ) : (
        <ReadOnlyNotice>Push notifications are sent by admins only: they reach players’ phones.</ReadOnlyNotice>
      )}
    </AdminScreen>
  );
}

/** The message as a phone's lock screen shows it. */
function Preview({ title, body }: { title: string; body: string }) {
  return (
    <figure className={styles.preview} aria-label="Preview on a phone">
      <div className={styles.phone}>
        <p className={styles.app}>
          <span aria-hidden="true" className={styles.icon} />
          OUTPOST · now
        </p>
        <p className={styles.previewTitle}>{title.trim() || 'Title'}</p>
        <p className={styles.previewBody}>{lockScreenBody(body) || 'Your message'}</p>
      </div>
      <figcaption>As a locked phone shows it; the whole message when it is opened.</figcaption>
    </figure>
  );
}

function Composer({
  environment,
  startsAt,
  onNew,
}: {
  environment: Environment;
  /** The time the calendar chose (?at=), for the first message only. */
  startsAt: string | null;
  onNew: () => void;
}) {
  const [draft, setDraft] = useState<PushDraft>(() => newPushDraft(startsAt));
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const [sent, setSent] = useState<PushMessage | null>(null);
  const send = useSendPush(environment);
  const { confirm, dialog } = useConfirmDialog();
  const audience = usePushAudience(environment, audienceOf(draft, new Date()));
  const change = (fields: Partial<PushDraft>) => setDraft((current) => ({ ...current, ...fields }));
  const reach = audience.data ? reachText(audience.data) : null;
  const segmentName = useSegmentName(environment);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending || sent) return;
    const checked = checkPushDraft(draft, new Date());
    if (!checked.ok) {
      // Each problem at its field, said once there; one of no field in the form's alert.
      return Object.keys(checked.fields).length > 0 ? refuseAtFields(checked.fields) : refuse(checked.message);
    }
    // The audience as counted now: a message to no device is refused before it is confirmed (the server refuses it too).
    if (audience.data?.devices === 0) return refuse(noAudienceDevicesMessage(environment));
    const when =
      checked.input.sendSchedule === 'scheduled' && checked.input.sendDate
        ? `at ${formatInstant(checked.input.sendDate)}`
        : 'now';
    const confirmed = await confirm({
      title: environment === 'production' ? PRODUCTION_TITLE : 'Send this push?',
      message: (
        <p>
          “{checked.input.title}” goes {when} to{' '}
          {checked.input.recipientCategory === 'segment'
            ? `the segment “${segmentName(draft.segmentID)}”`
            : PUSH_RECIPIENT_LABELS[checked.input.recipientCategory].toLowerCase()}{' '}
          of {environment}
          {reach ? `: ${reach} today` : ''}. A sent push cannot be taken back.
        </p>
      ),
      confirmLabel: checked.input.sendSchedule === 'scheduled' ? 'Schedule push' : 'Send push',
    });
    if (!confirmed) return;
    report(null);
    send.mutate(checked.input, {
      onSuccess: (answer) => {
        setSent(answer);
        report({ tone: 'ok', text: sentNotice(answer) });
      },
      onError: (error) => refuse(`The push was not sent. ${error.message}`),
    });
  };

  return (
    <section aria-labelledby="push-compose-title" className={styles.compose}>
      <h2 id="push-compose-title">New message</h2>
      <div className={styles.composeGrid}>
        <form ref={formRef} onSubmit={submit} noValidate className={styles.form}>
          <FormField
            label="Title"
            error={errors.title}
            value={draft.title}
            maxLength={PUSH_TITLE_MAX_LENGTH}
            hint={`${draft.title.length} of ${PUSH_TITLE_MAX_LENGTH} characters`}
            onChange={(event) => change({ title: event.target.value })}
            disabled={sent !== null}
          />
          <TextAreaField
            label="Message"
            error={errors.body}
            value={draft.body}
            maxLength={PUSH_BODY_MAX_LENGTH}
            rows={3}
            hint={`${draft.body.length} of ${PUSH_BODY_MAX_LENGTH} characters`}
            onChange={(event) => change({ body: event.target.value })}
            disabled={sent !== null}
          />
          <fieldset className={styles.choices} disabled={sent !== null}>
            <legend>Audience</legend>
            {PUSH_RECIPIENT_CATEGORIES.map((category) => (
              <label key={category}>
                <input
                  type="radio"
                  name="push-audience"
                  checked={draft.recipientCategory === category}
                  onChange={() => change({ recipientCategory: category })}
                />
                {PUSH_RECIPIENT_LABELS[category]}
              </label>
            ))}
          </fieldset>
          {draft.recipientCategory === 'active' && (
            <FormField
              label="Seen in the game in the last (days)"
              error={errors.activeDays}
              inputMode="numeric"
              value={draft.activeDays}
              onChange={(event) => change({ activeDays: event.target.value })}
              disabled={sent !== null}
            />
          )}
          {draft.recipientCategory === 'users' && (
            <fieldset className={styles.players} disabled={sent !== null}>
              <legend>Players</legend>
              {sent === null && (
                <PlayerSearch
                  environment={environment}
                  headingLevel="h3"
                  chosen={new Set(draft.chosen.map((player) => player.userID))}
                  onChoose={(player) => change({ chosen: [...draft.chosen, player] })}
                />
              )}
              {draft.chosen.length > 0 && (
                <ChosenPlayerList
                  players={draft.chosen}
                  onRemove={(player) =>
                    change({ chosen: draft.chosen.filter((kept) => kept.userID !== player.userID) })
                  }
                />
              )}
              <TextAreaField
                label="User IDs (optional)"
                error={errors.userIDs}
                hint="For players you know by ID: one per line, or separated by commas."
                rows={2}
                value={draft.userIDs}
                onChange={(event) => change({ userIDs: event.target.value })}
              />
            </fieldset>
          )}
          {draft.recipientCategory === 'segment' && (
            <SegmentSelect
              environment={environment}
              label="Segment"
              hint="It goes to the players the segment holds when it is sent."
              error={errors.segmentID}
              value={draft.segmentID}
              onChange={(segmentID) => change({ segmentID })}
              disabled={sent !== null}
            />
          )}
          <p role="status" className={adminStyles.note} aria-busy={audience.isFetching}>
            {audience.data?.devices === 0
              ? noAudienceDevicesMessage(environment)
              : reach
                ? `Reaches ${reach} now.`
                : audience.isError
                  ? `The audience could not be counted: ${audience.error.message}`
                  : ''}
          </p>
          <fieldset className={styles.choices} disabled={sent !== null}>
            <legend>When</legend>
            <label>
              <input
                type="radio"
                name="push-schedule"
                checked={draft.sendSchedule === 'now'}
                onChange={() => change({ sendSchedule: 'now' })}
              />
              Now
            </label>
            <label>
              <input
                type="radio"
                name="push-schedule"
                checked={draft.sendSchedule === 'scheduled'}
                onChange={() => change({ sendSchedule: 'scheduled' })}
              />
              At a time
            </label>
          </fieldset>
          {draft.sendSchedule === 'scheduled' && (
            <FormField
              label="Send at"
              error={errors.sendAt}
              type="datetime-local"
              step={1}
              hint={`In your time zone (${localTimeZone()}).`}
              value={draft.sendAt}
              onChange={(event) => change({ sendAt: event.target.value })}
              disabled={sent !== null}
            />
          )}
          <FormAlert notice={notice} ref={alertRef} />
          {sent ? (
            <button type="button" className="button" onClick={onNew}>
              New message
            </button>
          ) : (
            <button type="submit" className="button" aria-disabled={send.isPending}>
              {draft.sendSchedule === 'scheduled' ? 'Schedule push' : 'Send push'}
            </button>
          )}
          {dialog}
        </form>
        <Preview title={draft.title} body={draft.body} />
      </div>
    </section>
  );
}

function TestNotification({ environment }: { environment: Environment }) {
  const [player, setPlayer] = useState<ChosenPlayer | null>(null);
  const [result, setResult] = useState<{ to: ChosenPlayer; answer: PushTestResult } | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const test = useSendTestPush(environment);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (test.isPending) return;
    setResult(null);
    if (!player) return setNotice({ tone: 'error', text: 'Find the player first and choose them.' });
    setNotice(null);
    test.mutate(player.userID, {
      onSuccess: (answer) => setResult({ to: player, answer }),
      onError: (error) => setNotice({ tone: 'error', text: `The test was not sent. ${error.message}` }),
    });
  };
  return (
    <section aria-labelledby="push-test-title" className={styles.test}>
      <h2 id="push-test-title">Test notification</h2>
      <PlayerSearch
        environment={environment}
        title="Find the player"
        headingLevel="h3"
        chooseLabel="Choose"
        chosenLabel="Chosen"
        chosen={new Set(player ? [player.userID] : [])}
        onChoose={setPlayer}
      />
      <form onSubmit={submit} noValidate className={styles.testForm} aria-label="Send a test notification">
        <p>
          {player ? (
            <>
              To {personName(player)} ({player.email}), on every device they registered.
            </>
          ) : (
            'No player chosen yet.'
          )}
        </p>
        <button type="submit" className="button" aria-disabled={test.isPending}>
          Send test
        </button>
      </form>
      <FormAlert notice={notice} />
      {/* Always in the page, so a screen reader announces the answer when it arrives. */}
      <div role="status" aria-label="Test notification answer">
        {result && (
          <>
            <p>
              Sent to {result.answer.devices} {result.answer.devices === 1 ? 'device' : 'devices'} of{' '}
              {personName(result.to)}:
            </p>
            <ul className={styles.outcomes}>
              {result.answer.outcomes.map((outcome, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one answer's devices, in the sender's order; two may share their first characters.
                <li key={index}>
                  <code>{outcome.device}</code> {outcome.status}
                  {outcome.detail ? ` (${outcome.detail})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function CancelButton({ message }: { message: PushMessage }) {
  const { environment } = useAdminAccessContext();
  const cancel = useCancelPush(environment);
  const { confirm, dialog } = useConfirmDialog();
  const run = async () => {
    const confirmed = await confirm({
      title: `Cancel “${message.title}”?`,
      message: <p>It will not be sent. A cancelled message cannot be scheduled again; compose a new one.</p>,
      confirmLabel: 'Cancel the push',
      cancelLabel: 'Keep it',
    });
    if (confirmed) cancel.mutate(message.messageID);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void run()} aria-disabled={cancel.isPending}>
        Cancel<span className="visually-hidden"> {message.title}</span>
      </button>
      {cancel.isError && (
        <span role="alert" className={styles.error}>
          {cancel.error.message}
        </span>
      )}
      {dialog}
    </>
  );
}

/** A scheduled message's actions: moved to another time (as the calendar moves it) or cancelled. */
function ScheduledActions({ message }: { message: PushMessage }) {
  const { environment } = useAdminAccessContext();
  const reschedule = useReschedulePush(environment);
  const [done, setDone] = useState('');
  if (message.state !== 'scheduled') return null;
  return (
    <div className={styles.actions}>
      <RescheduleControl
        environment={environment}
        what={`“${message.title}”`}
        at={message.sendDate}
        label="New send time"
        save={(sendDate, callbacks) => reschedule.mutate({ messageID: message.messageID, sendDate }, callbacks)}
        onDone={setDone}
      />
      <CancelButton message={message} />
      <span role="status" className={styles.done}>
        {done}
      </span>
    </div>
  );
}

const column = adminColumnHelper<PushMessage>();
const columns = column.columns([
  column.accessor('sendDate', {
    header: 'When',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor('title', {
    header: 'Message',
    cell: (cell) => (
      <>
        <strong>{cell.getValue()}</strong>
        <span className={styles.body}>{cell.row.original.body}</span>
      </>
    ),
  }),
  column.accessor(audienceText, {
    id: 'audience',
    header: 'Audience',
  }),
  column.accessor((message) => PUSH_STATE_LABELS[message.state], {
    id: 'state',
    header: 'State',
    cell: (cell) => (
      <>
        <span>{cell.getValue()}</span>
        {cell.row.original.lastError && <span className={styles.error}>{cell.row.original.lastError}</span>}
      </>
    ),
  }),
  column.accessor(countsText, { id: 'counts', header: 'Devices' }),
  column.accessor((message) => personName(message.createdBy), {
    id: 'by',
    header: 'Sent by',
    cell: (cell) => <PersonLink person={cell.row.original.createdBy} withEmail={false} />,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: (cell) => <ScheduledActions message={cell.row.original} />,
  }),
]);

const SORTABLE = ['createdAt', 'sendDate'] as const;
const FILTERS: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'state',
    label: 'State',
    allLabel: 'Every state',
    options: PUSH_MESSAGE_STATES.map((state) => ({ value: state, label: PUSH_STATE_LABELS[state] })),
  },
];

/** Every message of the environment, newest first, following the send job's progress live (push-messages, followed by the screen). */
function History({ environment }: { environment: Environment }) {
  return (
    <section aria-labelledby="push-history-title">
      <h2 id="push-history-title">History</h2>
      <AdminList
        label="Push history"
        hideCaption
        columns={columns}
        sortable={SORTABLE}
        filters={FILTERS}
        queryKey={pushHistoryQueryKey(environment)}
        fetchPage={(query) => getPushMessages(environment, query)}
        getRowId={(message) => message.messageID}
        csvFileName="push-history"
        emptyText={`No push message of ${environment} matches: none was sent yet, or none is in the state chosen.`}
      />
    </section>
  );
}

/**
 * Where the environment's pushes go: through FCM, or, on a machine without its credentials, into
 * the outbox, whose newest entries are the phones a tester reads (live: push-outbox, followed by the screen).
 */
function Outbox({ environment }: { environment: Environment }) {
  const outbox = usePushOutbox(environment);
  if (!outbox.data) return null;
  if (outbox.data.transport === 'fcm') {
    return <p className={adminStyles.note}>Pushes of {environment} go through Firebase Cloud Messaging.</p>;
  }
  return (
    <section aria-labelledby="push-outbox-title" className={styles.outbox}>
      <h2 id="push-outbox-title">Outbox</h2>
      <p className={adminStyles.note}>
        This server has no Firebase credentials for {environment} (FCM_{environment.toUpperCase()}_SERVICE_ACCOUNT), so
        its pushes are kept here instead of reaching phones. The newest first:
      </p>
      {outbox.data.entries.length === 0 ? (
        <p className={adminStyles.note}>Nothing yet.</p>
      ) : (
        <ol className={styles.outcomes} aria-label="Push outbox">
          {outbox.data.entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.sentAt}>{formatInstant(entry.sentAt)}</time> <code>{entry.device}</code>{' '}
              <strong>{entry.title}</strong> {entry.body}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
