import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/router';
import styles from './figure-tiles.module.css';

export const FIGURES_UNAVAILABLE = 'These figures could not be loaded.';

/** The answer a tile's figure comes from: its state, and a way to ask again. */
export type FigureQuery = Pick<UseQueryResult, 'data' | 'isError' | 'isFetching' | 'error' | 'refetch'>;

export interface FigureTile {
  label: string;
  /** undefined while loading. */
  value: number | undefined;
  query: FigureQuery;
  /** Under the figure: what it counts, what brings it, or where to act on it. */
  note?: ReactNode;
  /** The figure's change against the period before, in words ("+3 against 7 days ago"). */
  change?: string | undefined;
  /** The list the figure counts, filtered to it: the tile's label links there. */
  href?: string | undefined;
}

/** "+3 against 7 days ago", "−2 against …", "Same as …": a figure against its value in the period before. */
export function changeText(value: number, before: number, against: string): string {
  const difference = value - before;
  if (difference === 0) return `Same as ${against}`;
  const sign = difference > 0 ? '+' : '−';
  return `${sign}${Math.abs(difference).toLocaleString('en-US')} against ${against}`;
}

function TileValue({ value }: { value: number | undefined }) {
  if (value === undefined) {
    return (
      <>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">Loading</span>
      </>
    );
  }
  return value.toLocaleString();
}

/** Why some figures are missing, and Try again, which asks each failed answer again. */
function FiguresProblem({ failed }: { failed: readonly FigureQuery[] }) {
  const fetching = failed.some((query) => query.isFetching);
  const reasons = [...new Set(failed.map((query) => query.error?.message).filter(Boolean))];
  return (
    <div className={styles.problem} role="alert">
      <p>{[FIGURES_UNAVAILABLE, ...reasons].join(' ')}</p>
      <button
        type="button"
        className="button"
        aria-disabled={fetching}
        onClick={() => {
          if (!fetching) for (const query of failed) void query.refetch();
        }}
      >
        Try again
      </button>
    </div>
  );
}

/**
 * Figures as a description list, each tile's label its term and its figure the definition (the
 * dashboard's groups, the moderation hub). A failed answer is said once, with Try again; a tile
 * whose first load failed is left out rather than pretending to load or be empty.
 */
export function FigureTiles({ tiles }: { tiles: readonly FigureTile[] }) {
  const queries = [...new Set(tiles.map((tile) => tile.query))];
  const failed = queries.filter((query) => query.isError);
  const shown = tiles.filter((tile) => !(tile.query.isError && tile.query.data === undefined));
  return (
    <>
      {failed.length > 0 && <FiguresProblem failed={failed} />}
      {shown.length > 0 && (
        <dl className={styles.tiles} aria-busy={queries.some((query) => query.isFetching)}>
          {shown.map((tile) => (
            <div key={tile.label} className={styles.tile}>
              <dt className={styles.label}>{tile.href ? <Link to={tile.href}>{tile.label}</Link> : tile.label}</dt>
              <dd className={styles.figure}>
                <TileValue value={tile.value} />
              </dd>
              {tile.change && <dd className={styles.change}>{tile.change}</dd>}
              {tile.note && <dd className={styles.note}>{tile.note}</dd>}
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
