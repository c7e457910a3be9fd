import styles from './theater.module.css';

/**
 * A card's or the stage's picture: our own uploaded image, or a drawn placeholder with a few
 * words ("S2 · E10") until one is uploaded. Decorative: the title beside it names the entry.
 * Cards' pictures load as they scroll into view; the stage's (`eager`) is the first thing seen.
 */
export function Poster({
  src,
  placeholder,
  className,
  eager = false,
}: {
  src: string | null;
  placeholder: string;
  className?: string;
  eager?: boolean;
}) {
  const classes = [styles.poster, className].filter(Boolean).join(' ');
  if (!src) {
    return (
      <div className={`${classes} ${styles.placeholder}`} aria-hidden="true">
        {placeholder}
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt=""
      width={320}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
