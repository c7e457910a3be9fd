import type { RowData } from '@tanstack/react-table';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import styles from './admin-list.module.css';
import { adminColumnHelper } from './columns';

/*
 * Rows chosen for a bulk action in an admin list: a first column of checkboxes (one per row, and
 * one for the whole page in its header). Column definitions live at module scope, so the choice
 * reaches the cells through a context rather than through the columns. The choice is kept by id
 * across pages and filters, so rows can be gathered from several pages.
 */

interface RowSelection {
  selected: ReadonlySet<string>;
  /** Adds the ids to the choice, or takes them out. */
  set: (ids: readonly string[], chosen: boolean) => void;
  clear: () => void;
}

const SelectionContext = createContext<RowSelection | null>(null);

function useSelectionContext(): RowSelection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('A selection column must be inside its RowSelectionProvider.');
  return selection;
}

/** The chosen ids and the ways to change them; hand it to RowSelectionProvider around the list. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return {
    selected,
    set: (ids, chosen) =>
      setSelected((previous) => {
        const next = new Set(previous);
        for (const id of ids) {
          if (chosen) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clear: () => setSelected(new Set()),
  };
}

export function RowSelectionProvider({ selection, children }: { selection: RowSelection; children: ReactNode }) {
  return <SelectionContext.Provider value={selection}>{children}</SelectionContext.Provider>;
}

function PageCheckbox({ ids, label }: { ids: readonly string[]; label: string }) {
  const { selected, set } = useSelectionContext();
  const box = useRef<HTMLInputElement>(null);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && chosen === ids.length;
  useEffect(() => {
    // Some but not all of the page: neither checked nor unchecked (HTML has no attribute for it).
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      className={styles.selectBox}
      aria-label={label}
      checked={all}
      disabled={ids.length === 0}
      onChange={(event) => set(ids, event.target.checked)}
    />
  );
}

function RowCheckbox({ id, label }: { id: string; label: string }) {
  const { selected, set } = useSelectionContext();
  return (
    <input
      type="checkbox"
      className={styles.selectBox}
      aria-label={label}
      checked={selected.has(id)}
      onChange={(event) => set([id], event.target.checked)}
    />
  );
}

interface SelectionColumnOptions<Row> {
  idOf: (row: Row) => string;
  /** The row's checkbox's accessible name ("Select feedback f123 from …"). */
  rowLabel: (row: Row) => string;
  /** The header checkbox's accessible name ("Select all feedback on this page"). */
  pageLabel: string;
}

/** The checkbox column, first in a list's columns; it is not exported to CSV (it has no accessor). */
export function selectionColumn<Row extends RowData>({ idOf, rowLabel, pageLabel }: SelectionColumnOptions<Row>) {
  return adminColumnHelper<Row>().display({
    id: 'select',
    header: ({ table }) => (
      <PageCheckbox ids={table.getRowModel().rows.map((row) => idOf(row.original))} label={pageLabel} />
    ),
    cell: ({ row }) => <RowCheckbox id={idOf(row.original)} label={rowLabel(row.original)} />,
    // The checkboxes name themselves; "select all" stays above a phone's cards.
    meta: { cardLabel: '', headerControl: true },
  });
}

interface SelectionBarProps {
  selection: RowSelection;
  /** What the rows are, as the status names them: "feedback", "partner invites". */
  what: string;
  /** The most rows one action takes, and the verb the status uses when more are chosen. */
  max: number;
  verb: string;
  /** The bulk actions; Clear selection comes after them. */
  children: ReactNode;
}

/** The actions on the chosen rows, above the list, with how many are chosen (announced as it changes). */
export function SelectionBar({ selection, what, max, verb, children }: SelectionBarProps) {
  const count = selection.selected.size;
  return (
    <fieldset className={styles.selectionBar}>
      <legend className="visually-hidden">Selected {what}</legend>
      <p role="status">
        {count === 0
          ? `No ${what} selected.`
          : `${count} selected${count > max ? `: ${verb} at most ${max} at a time.` : '.'}`}
      </p>
      {children}
      <button type="button" className={styles.plainButton} aria-disabled={count === 0} onClick={selection.clear}>
        Clear selection
      </button>
    </fieldset>
  );
}
