import { SPEAKER_NAMES, TRANSMISSION } from '../content/transmission';
import { useInView } from '../hooks/use-in-view';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import styles from './resistance-dialogue.module.css';

/**
 * The intro radio call. Every line is in the DOM from the start; the decoding effect only clips
 * them visually, so screen readers and search engines get the whole conversation.
 */
export function ResistanceDialogue() {
  const reducedMotion = useReducedMotion();
  const [logRef, heard] = useInView<HTMLOListElement>({ once: true, rootMargin: '0px 0px -25% 0px' });
  const state = reducedMotion ? 'static' : heard ? 'decoding' : 'waiting';

  return (
    <section className={styles.dialogue} aria-labelledby="transmission-title">
      <div className={styles.radio}>
        <p className={styles.frequency}>
          <span className={styles.led} aria-hidden="true" />
          147.300 MHz · Relay Outpost-7
        </p>
        <h2 id="transmission-title" className={styles.title}>
          Incoming transmission
        </h2>
        <ol ref={logRef} className={styles.log} data-state={state}>
          {TRANSMISSION.map(({ speaker, line }) => (
            <li key={line} className={speaker === 'player' ? styles.player : styles.contact}>
              <span className={styles.speaker}>
                {SPEAKER_NAMES[speaker]}
                <span className="visually-hidden">:</span>
              </span>{' '}
              <span className={styles.text}>{line}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
