import { DeferredVideo } from './deferred-video';
import styles from './relay-loop.module.css';

const LOOP_SOURCES = [
  { src: '/media/radar-loop.webm', type: 'video/webm; codecs="vp9"' },
  { src: '/media/radar-loop.mp4', type: 'video/mp4' },
] as const;

/** The looping radar video: the relay that keeps every outpost in touch. */
export function RelayLoop() {
  return (
    <section className={styles.relay} aria-labelledby="relay-title">
      <div className={styles.copy}>
        <h2 id="relay-title" className={styles.title}>
          The relay never sleeps
        </h2>
        <p>
          Outpost-7 broadcasts day and night. Every blip on the sweep is a survivor finding their way to the resistance,
          and the next one could be you.
        </p>
      </div>
      <DeferredVideo
        sources={LOOP_SOURCES}
        poster="/media/radar-loop-poster.jpg"
        title="the relay radar loop"
        caption="Looping, no sound: a green radar sweep picks up three blips beside a panel reading Relay Outpost-7, status live."
        loop
      />
    </section>
  );
}
