import { BUILD_STEPS, YARD_ART } from '../content/build-steps';
import styles from './base-illustration.module.css';

/**
 * The container base at a given build step: the yard plus one layer per completed step, so
 * moving between steps only toggles classes and never swaps or re-decodes an image.
 * Decorative: the step texts beside it say the same in words.
 */
export function BaseIllustration({ step }: { step: number }) {
  const current = BUILD_STEPS[step];
  return (
    <figure className={styles.figure} aria-hidden="true">
      <div className={styles.canvas}>
        <img className={styles.layer} src={YARD_ART} alt="" width={480} height={360} loading="lazy" decoding="async" />
        {BUILD_STEPS.map((buildStep, index) => (
          <img
            key={buildStep.layer}
            className={index <= step ? `${styles.layer} ${styles.built}` : `${styles.layer} ${styles.pending}`}
            src={buildStep.layer}
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
          />
        ))}
      </div>
      {current && (
        <figcaption className={styles.caption}>
          <span className={styles.count}>
            {String(step + 1).padStart(2, '0')} / {String(BUILD_STEPS.length).padStart(2, '0')}
          </span>
          {current.title}
        </figcaption>
      )}
    </figure>
  );
}
