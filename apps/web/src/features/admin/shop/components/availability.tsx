import styles from '../shop.module.css';

/** Spec §6: admins see unavailable packs and machines too, marked so nobody mistakes them for live ones. */
export function Availability({ available }: { available: boolean }) {
  return available ? (
    <span className={styles.available}>Available</span>
  ) : (
    <span className={styles.unavailable}>Unavailable</span>
  );
}
