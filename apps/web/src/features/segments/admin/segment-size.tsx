import type { Environment } from '@outpost/contracts/environments';
import type { SegmentDefinition } from '@outpost/contracts/segments/schemas';
import { useId, useMemo } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { formatInstant } from '../../admin/components/local-time';
import { useDebouncedValue } from '../../admin/moderation/use-debounced-value';
import { useSegmentSize } from '../api';
import { checkDefinition, type DefinitionDraft } from '../rules';
import styles from './segments.module.css';

/** How long the rules stay unchanged before they are counted: a count per pause, not per key. */
const COUNT_DELAY_MS = 300;
const count = new Intl.NumberFormat('en-US');

/**
 * How many players the rules as they stand hold, counted again as they change (once every rule
 * reads); "Count again" reads the players' attributes afresh first, which the server otherwise
 * keeps for a while.
 */
export function SegmentSize({ environment, draft }: { environment: Environment; draft: DefinitionDraft }) {
  const checked = checkDefinition(draft);
  // As text, so an unchanged definition is the same value to the debounce however often it is rebuilt.
  const typed = checked.ok ? JSON.stringify(checked.value) : null;
  const settled = useDebouncedValue(typed, COUNT_DELAY_MS);
  const definition = useMemo(() => (settled === null ? null : (JSON.parse(settled) as SegmentDefinition)), [settled]);
  const { size, recount } = useSegmentSize(environment, definition);
  const labelId = useId();
  const busy = size.isFetching || recount.isPending || typed !== settled;

  return (
    <div className={styles.size}>
      <p className={styles.sizeTitle} id={labelId}>
        Players in it
      </p>
      <p role="status" aria-labelledby={labelId} aria-busy={busy} className={styles.sizeCount}>
        {size.data ? (
          <>
            <strong>{count.format(size.data.size)}</strong> of {count.format(size.data.total)} players
          </>
        ) : size.isError ? (
          `The size could not be counted: ${size.error.message}`
        ) : (
          'Counting…'
        )}
      </p>
      {!checked.ok && <p className={styles.note}>Not counted while a rule is unfinished: {checked.message}</p>}
      {recount.isError && <p className={styles.note}>Not counted again: {recount.error.message}</p>}
      {size.data && (
        <p className={styles.countedAt}>
          <span>
            Counted at <time dateTime={size.data.countedAt}>{formatInstant(size.data.countedAt)}</time>
          </span>
          <button
            type="button"
            className={listStyles.plainButton}
            disabled={definition === null || recount.isPending}
            onClick={() => definition && recount.mutate(definition)}
          >
            Count again
          </button>
        </p>
      )}
    </div>
  );
}
