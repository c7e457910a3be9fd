import { type ReactNode, useSyncExternalStore } from 'react';
import styles from './store-badges.module.css';
import { type Store, storeOrder } from './store-order';

const STORE_LINKS: Record<Store, string> = {
  apple: 'https://apps.apple.com/app/outpost',
  google: 'https://play.google.com/store/apps/details?id=gg.outpost.game',
};

interface BadgeArt {
  label: string;
  kicker: string;
  name: string;
  /** Text widths in badge units, so every fallback font fills the plate the same way. */
  kickerWidth: number;
  nameWidth: number;
  glyph: ReactNode;
}

// Our own simple glyphs in the spirit of the stores' badges, not their trademark artwork.
const BADGES: Record<Store, BadgeArt> = {
  apple: {
    label: 'Download on the App Store',
    kicker: 'Download on the',
    name: 'App Store',
    kickerWidth: 86,
    nameWidth: 92,
    glyph: (
      <>
        <path
          d="M24 17c-3.4-2.2-8.6-1.2-9.9 3.9-1.2 4.6 1.2 11.6 4.6 13.4 1.6.9 2.8-.3 5.3-.3s3.7 1.2 5.3.3c2.1-1.1 3.8-4.3 4.5-7.3-2.7-1-4-3.6-3.4-6.3.3-1.4 1.1-2.6 2.2-3.3C30.6 15.2 27 15.3 24 17z"
          fill="currentColor"
        />
        <path d="M24.2 15.6c.1-3 2-5.4 5-6-.1 3-2 5.3-5 6z" fill="currentColor" />
      </>
    ),
  },
  google: {
    label: 'Get it on Google Play',
    kicker: 'GET IT ON',
    name: 'Google Play',
    kickerWidth: 56,
    nameWidth: 108,
    glyph: (
      <>
        <path d="M15 10.5 34.5 22 15 33.5z" fill="#9fd36b" />
        <path d="M15 10.5 26.2 22 15 33.5z" fill="#f09a4e" />
        <path d="M15 22h19.5L15 33.5z" fill="#f1e6d2" opacity="0.35" />
      </>
    ),
  },
};

function StoreBadge({ store }: { store: Store }) {
  const badge = BADGES[store];
  return (
    <a className={styles.badge} href={STORE_LINKS[store]}>
      <span className="visually-hidden">{badge.label}</span>
      <svg viewBox="0 0 168 48" width="168" height="48" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="166" height="46" rx="8" className={styles.plate} />
        <g className={styles.glyph}>{badge.glyph}</g>
        <text x="46" y="19" className={styles.kicker} textLength={badge.kickerWidth}>
          {badge.kicker}
        </text>
        <text x="46" y="38" className={styles.name} textLength={badge.nameWidth}>
          {badge.name}
        </text>
      </svg>
    </a>
  );
}

const DEFAULT_ORDER = storeOrder('');
let cachedVisitorOrder: Store[] | undefined;
const ofVisitor = () => {
  cachedVisitorOrder ??= storeOrder(navigator.userAgent);
  return cachedVisitorOrder;
};
const unchanging = () => () => {};

/**
 * The visitor's order. Prerendered HTML cannot know the visitor's phone, so it has the
 * default order, hydration keeps it, and the visitor's order follows right after.
 */
function useVisitorOrder(): readonly Store[] {
  return useSyncExternalStore(unchanging, ofVisitor, () => DEFAULT_ORDER);
}

export interface StoreBadgesProps {
  /** Badge order; by default it follows the visitor's platform (see storeOrder). */
  order?: readonly Store[];
  className?: string;
}

/** The App Store and Google Play badges, linking to the game's store pages. */
export function StoreBadges({ order, className }: StoreBadgesProps) {
  const visitorOrder = useVisitorOrder();
  const stores = order ?? visitorOrder;
  return (
    <ul className={className ? `${styles.badges} ${className}` : styles.badges}>
      {stores.map((store) => (
        <li key={store}>
          <StoreBadge store={store} />
        </li>
      ))}
    </ul>
  );
}
