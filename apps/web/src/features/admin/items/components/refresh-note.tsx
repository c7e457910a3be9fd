import type { Environment } from '@outpost/contracts/environments';
import { PURCHASABLES_REFRESH_LIMIT, refreshCappedMessage } from '@outpost/contracts/items';
import { useRefreshStatus } from '../api/get-purchasables';
import styles from '../items.module.css';

const count = new Intl.NumberFormat('en-US');

/**
 * How the game's purchasables refresh fares in this environment (docs/product.md §9.1: it reads at most
 * 5000): a line when all of them reach the game, a warning when some do not.
 */
export function RefreshNote({ environment }: { environment: Environment }) {
  const status = useRefreshStatus(environment);
  if (!status.data) return null;
  const { total, capped } = status.data;
  return (
    <div role="status" className={capped ? `${styles.refresh} ${styles.capped}` : styles.refresh}>
      {capped ? (
        <p>
          <strong>The refresh is capped.</strong> {refreshCappedMessage(total, environment)}
        </p>
      ) : (
        <p>
          The game’s refresh loads all {count.format(total)} purchasables of {environment} (it loads at most{' '}
          {count.format(PURCHASABLES_REFRESH_LIMIT)}).
        </p>
      )}
    </div>
  );
}
