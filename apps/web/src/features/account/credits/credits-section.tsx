import { LEDGER_REASON_LABELS } from '@outpost/contracts/economy';
import { ROUTES } from '@outpost/contracts/routes';
import { useState } from 'react';
import { Link } from '../../../lib/router/router';
import styles from '../account.module.css';
import { useCreditsPage } from '../api/get-credits';
import { AccountSection } from '../components/account-section';
import { Pager, pageCount } from '../components/pager';
import { SectionLoadState } from '../components/section-load-state';

const credits = (amount: number) => amount.toLocaleString('en-US');

/** "Credits": the balance (g00wiy) and every change of it, newest first, a page at a time. */
export function CreditsSection() {
  const [page, setPage] = useState(1);
  const query = useCreditsPage(page);

  return (
    <AccountSection title="Credits">
      <SectionLoadState query={query} what="your credits">
        {(data) => (
          <>
            <p className={styles.balance}>
              Balance: <strong>{credits(data.balance)} credits</strong>
            </p>
            {data.history.rows.length === 0 ? (
              <p className={styles.note}>
                No changes yet. Credit packs are in the <Link to={ROUTES.shop}>shop</Link>.
              </p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
              <section className={styles.tableScroll} aria-label="Credit history" tabIndex={0}>
                <table className={styles.table} aria-busy={query.isPlaceholderData || undefined}>
                  <caption>Credit history, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">Change</th>
                      <th scope="col">Balance after</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.history.rows.map((entry) => (
                      <tr key={entry.id}>
                        <td>
                          <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
                        </td>
                        <td>
                          {LEDGER_REASON_LABELS[entry.reason]}
                          {entry.note && `: ${entry.note}`}
                        </td>
                        <td className={entry.amount < 0 ? styles.spent : styles.added}>
                          {entry.amount > 0 ? '+' : ''}
                          {credits(entry.amount)}
                        </td>
                        <td>{credits(entry.balanceAfter)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <Pager
              of="your credit history"
              page={page}
              pages={pageCount(data.history.total, data.history.pageSize)}
              onPage={setPage}
              newer="Newer changes"
              older="Older changes"
            />
          </>
        )}
      </SectionLoadState>
    </AccountSection>
  );
}
