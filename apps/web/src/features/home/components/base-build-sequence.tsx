import { useEffect, useRef, useState } from 'react';
import { BUILD_STEPS } from '../content/build-steps';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import styles from './base-build-sequence.module.css';
import { BaseIllustration } from './base-illustration';

const LAST_STEP = BUILD_STEPS.length - 1;

/**
 * Scroll-driven: the illustration stays pinned while the step texts scroll past, and whichever
 * step crosses a thin band in the middle of the viewport sets the build stage. The observer
 * reports crossings, so no work happens per scroll frame. With reduced motion nothing is pinned
 * and the finished base is shown next to all the steps.
 */
export function BaseBuildSequence() {
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const stepRefs = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (reducedMotion || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.step));
        }
      },
      { rootMargin: '-50% 0px -45% 0px' },
    );
    for (const element of stepRefs.current) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion]);

  const step = reducedMotion ? LAST_STEP : active;

  return (
    <section className={styles.sequence} aria-labelledby="build-title">
      <header className={styles.header}>
        <h2 id="build-title" className={styles.title}>
          From scrap to stronghold
        </h2>
        <p>Five steps from a rusted box in a salvage yard to the base your whole crew calls home.</p>
      </header>
      <div className={styles.track} data-motion={reducedMotion ? 'reduced' : 'full'}>
        <div className={styles.pin}>
          <BaseIllustration step={step} />
        </div>
        <ol className={styles.steps}>
          {BUILD_STEPS.map((buildStep, index) => (
            <li
              key={buildStep.title}
              ref={(element) => {
                stepRefs.current[index] = element;
              }}
              data-step={index}
              className={!reducedMotion && index === step ? `${styles.step} ${styles.current}` : styles.step}
            >
              <p className={styles.number} aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </p>
              <h3 className={styles.stepTitle}>{buildStep.title}</h3>
              <p>{buildStep.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
