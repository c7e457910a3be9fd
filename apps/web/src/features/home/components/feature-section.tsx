import type { Feature } from '../content/features';
import styles from './feature-section.module.css';

/** One of the landing page's feature sections: its title, its copy and its illustration. */
export function FeatureSection({ feature, flipped = false }: { feature: Feature; flipped?: boolean }) {
  const titleId = `${feature.id}-title`;
  return (
    <section
      id={feature.id}
      className={flipped ? `${styles.feature} ${styles.flipped}` : styles.feature}
      aria-labelledby={titleId}
    >
      <div className={styles.copy}>
        <h2 id={titleId} className={styles.title}>
          {feature.title}
        </h2>
        {feature.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <img
        className={styles.art}
        src={feature.art}
        alt={feature.alt}
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
      />
    </section>
  );
}
