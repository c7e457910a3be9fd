import { useState } from 'react';
import styles from './admin-list.module.css';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; fetched: number; total: number }
  | { phase: 'done'; rows: number }
  | { phase: 'failed'; message: string };

const count = new Intl.NumberFormat('en-US');

function describe(state: ExportState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'running':
      return state.total
        ? `Exporting ${count.format(state.fetched)} of ${count.format(state.total)} rows…`
        : 'Exporting…';
    case 'done':
      return `Exported ${count.format(state.rows)} ${state.rows === 1 ? 'row' : 'rows'}.`;
    case 'failed':
      return `The export failed: ${state.message}`;
  }
}

interface ExportButtonProps {
  /** Fetches, builds and downloads the file; reports progress; resolves to the number of rows. */
  run: (onProgress: (fetched: number, total: number) => void) => Promise<number>;
}

/** "Export CSV" with its progress and outcome in a status region beside it. */
export function ExportButton({ run }: ExportButtonProps) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = state.phase === 'running';
  const start = async () => {
    if (running) return;
    setState({ phase: 'running', fetched: 0, total: 0 });
    try {
      const rows = await run((fetched, total) => setState({ phase: 'running', fetched, total }));
      setState({ phase: 'done', rows });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className={styles.export}>
      {/* aria-disabled, not disabled, while running: the focus stays on the button. */}
      <button type="button" className={styles.plainButton} aria-disabled={running} onClick={start}>
        Export CSV
      </button>
      <p role="status" className={state.phase === 'failed' ? styles.errorText : styles.statusText}>
        {describe(state)}
      </p>
    </div>
  );
}
