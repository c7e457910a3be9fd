import styles from './admin-screens.module.css';

export default function AdminConfiguration() {
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-configuration-title">
      <h1 id="admin-configuration-title">Configuration</h1>
      <p>Products, episodes, codes, packs, machines and drops arrive with the configuration tools.</p>
    </section>
  );
}
