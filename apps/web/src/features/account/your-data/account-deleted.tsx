import { ACCOUNT_DELETION_MESSAGES, KEPT_AFTER_DELETION } from '@outpost/contracts/account-lifecycle-text';
import { ROUTES } from '@outpost/contracts/routes';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router/router';
import accountStyles from '../account.module.css';
import styles from './data.module.css';

/**
 * What the account page shows once the account is deleted: the session is over, so the page
 * says so in place of the sections, with the focus on its heading, and offers the way home.
 */
export function AccountDeleted() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`page ${accountStyles.screen}`} aria-labelledby="account-deleted-title">
      <div role="status" className={styles.deleted}>
        <h1 id="account-deleted-title" ref={heading} tabIndex={-1}>
          Account deleted
        </h1>
        <p>{ACCOUNT_DELETION_MESSAGES.deleted}</p>
        <p>{KEPT_AFTER_DELETION}</p>
        <p>
          <Link to={ROUTES.home}>Back to the home page</Link>
        </p>
      </div>
    </section>
  );
}
