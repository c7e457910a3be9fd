import styles from './early-access.module.css';

const COMMUNITY_CHAT_URL = 'https://chat.outpost.example/invite';

const PERKS = [
  'Beta invites go out in waves, earliest sign-ups first.',
  'Founding survivors keep a commemorative container skin.',
  'Your feedback goes straight to the team building the game.',
] as const;

/** "Get Early Access": the two ways in, the launch list and the community chat. */
export function EarlyAccess() {
  return (
    <section className={styles.early} aria-labelledby="early-access-title">
      <div className={styles.panel}>
        <h2 id="early-access-title" className={styles.title}>
          Get Early Access
        </h2>
        <p className={styles.intro}>
          Outpost is in closed beta. Put your name on the list for an invite, and come meet the crews already building
          in our community chat.
        </p>
        <ul className={styles.perks}>
          {PERKS.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <a className="button" href="#signup">
            Join the list
          </a>
          <a className={styles.chat} href={COMMUNITY_CHAT_URL}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M4 6.5C4 5.1 5.1 4 6.5 4h11C18.9 4 20 5.1 20 6.5v8c0 1.4-1.1 2.5-2.5 2.5H11l-4.5 3.5V17C5.1 17 4 15.9 4 14.5z" />
            </svg>
            Join the community chat
          </a>
        </div>
      </div>
    </section>
  );
}
