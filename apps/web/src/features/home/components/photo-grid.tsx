import { FIELD_PHOTOS } from '../content/field-photos';
import styles from './photo-grid.module.css';

/** Screens from the beta, lazy-loaded: the grid sits far below the fold. */
export function PhotoGrid() {
  return (
    <section className={styles.photos} aria-labelledby="photos-title">
      <h2 id="photos-title" className={styles.title}>
        From the field
      </h2>
      <p className={styles.intro}>Snapshots from beta crews. Work in progress: the world changes every week.</p>
      <ul className={styles.grid}>
        {FIELD_PHOTOS.map((photo) => (
          <li key={photo.src}>
            <figure className={styles.photo}>
              <img src={photo.src} alt={photo.alt} width={320} height={240} loading="lazy" decoding="async" />
              <figcaption>{photo.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
