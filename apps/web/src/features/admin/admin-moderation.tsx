import styles from './admin-screens.module.css';

export default function AdminModeration() {
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-moderation-title">
      <h1 id="admin-moderation-title">Moderation</h1>
      <p>Reports, feedback and user search arrive with the moderation tools.</p>
    </section>
  );
}
