import styles from '../theater.module.css';

/** A list row's image (an episode's banner, a video's thumbnail), or a dash before one is uploaded. */
export function ThumbnailCell({ src }: { src: string | null }) {
  // The row's title is beside it, so the image adds nothing to read out.
  return src ? <img className={styles.thumbnail} src={src} alt="" width={96} height={54} loading="lazy" /> : '—';
}
