import styles from '../shop.module.css';

/**
 * Admins see unavailable packs and machines too, marked so nobody mistakes them for live ones
 * (docs/product.md §6.1).
 */
export function Availability({ available }: { available: boolean }) {
  return available ? (
    <span className={styles.available}>Available</span>
  ) : (
    <span className={styles.unavailable}>Unavailable</span>
  );
}
