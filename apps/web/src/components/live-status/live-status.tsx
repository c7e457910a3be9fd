import type { Environment } from '@outpost/contracts/environments';
import type { LiveTopicName } from '@outpost/contracts/live-topics';
import { type LiveState, useLive } from '../../lib/live';
import styles from './live-status.module.css';

const TEXT: Record<LiveState, string | null> = {
  connecting: null,
  live: null,
  reconnecting: 'Reconnecting… Updates are paused until the connection is back.',
  closed: 'Live updates have stopped. Reload the page to see the latest.',
};

/**
 * Says when a screen's live updates are paused: "Reconnecting…" while the stream is being
 * reopened, and that they have stopped when the server refused it; nothing while they flow. A
 * polite status region that is always in the page (one added with its text is not announced by
 * every screen reader), so what it says is read out without taking the focus. `data-live-state`
 * tells a test where the stream stands.
 */
export function LiveStatus({ state }: { state: LiveState }) {
  const text = TEXT[state];
  return (
    <div role="status" className={styles.status} data-live-state={state}>
      {text && <p className={styles.note}>{text}</p>}
    </div>
  );
}

/** Follows `topics` while mounted (useLive) and shows where the stream stands (LiveStatus). */
export function LiveUpdates({ topics, environment }: { topics: readonly LiveTopicName[]; environment?: Environment }) {
  return <LiveStatus state={useLive(topics, environment)} />;
}
