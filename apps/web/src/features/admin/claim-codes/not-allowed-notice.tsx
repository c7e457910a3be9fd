import styles from './claim-codes.module.css';

/** Codes are worth credits: only staff and admins see them (the server refuses anyone else anyway). */
export function NotAllowedNotice() {
  return <p className={styles.notice}>Redemption codes are managed by staff and admins; your role cannot see them.</p>;
}
