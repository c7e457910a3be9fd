import type { ReactNode } from 'react';
import styles from './social-links.module.css';

interface Network {
  name: string;
  /** The accessible name; it contains `name` so speech users can say what they see. */
  label: string;
  href: string;
  icon: ReactNode;
}

const NETWORKS: readonly Network[] = [
  {
    name: 'Discord',
    label: 'Outpost on Discord',
    href: 'https://discord.outpost.example',
    icon: (
      <>
        <path d="M4 6.5C4 5.1 5.1 4 6.5 4h11C18.9 4 20 5.1 20 6.5v8c0 1.4-1.1 2.5-2.5 2.5H11l-4.5 3.5V17C5.1 17 4 15.9 4 14.5z" />
        <circle cx="9.5" cy="10.5" r="1.6" className={styles.cut} />
        <circle cx="14.5" cy="10.5" r="1.6" className={styles.cut} />
      </>
    ),
  },
  {
    name: 'Podcast',
    label: 'The Outpost podcast',
    href: 'https://podcast.outpost.example',
    icon: (
      <>
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M6 11a6 6 0 0 0 12 0M12 17v4M8.5 21h7" className={styles.line} />
      </>
    ),
  },
  {
    name: 'TikTok',
    label: 'Outpost on TikTok',
    href: 'https://www.tiktok.com/@outpostgame',
    icon: (
      <>
        <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
        <path d="M10.5 8.5v7l5-3.5z" className={styles.cut} />
      </>
    ),
  },
  {
    name: 'Instagram',
    label: 'Outpost on Instagram',
    href: 'https://www.instagram.com/outpostgame',
    icon: (
      <>
        <path d="M3.5 8.5C3.5 7.1 4.6 6 6 6h2l1.5-2h5L16 6h2c1.4 0 2.5 1.1 2.5 2.5v9c0 1.4-1.1 2.5-2.5 2.5H6c-1.4 0-2.5-1.1-2.5-2.5z" />
        <circle cx="12" cy="13" r="3.6" className={styles.cut} />
      </>
    ),
  },
  {
    name: 'X',
    label: 'Outpost on X',
    href: 'https://x.com/outpostgame',
    icon: (
      <>
        <path d="M3 5.5C3 4.1 4.1 3 5.5 3h13C19.9 3 21 4.1 21 5.5v13c0 1.4-1.1 2.5-2.5 2.5h-13C4.1 21 3 19.9 3 18.5z" />
        <path d="M7 8h10M7 12h10M7 16h6" className={styles.cutLine} />
      </>
    ),
  },
];

/** The game's community and social channels: chat, podcast, short video, photos and text posts. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={className ? `${styles.links} ${className}` : styles.links}>
      {NETWORKS.map((network) => (
        <li key={network.name}>
          <a className={styles.link} href={network.href} aria-label={network.label}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              {network.icon}
            </svg>
            <span className={styles.name}>{network.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
