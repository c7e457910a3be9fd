import { useCallback, useSyncExternalStore } from 'react';
import { BAG_STORAGE_KEY, type BagLine, parseBag, serializeBag } from './bag';

/*
 * The bag as an external store over localStorage: every part of the screen reads the same lines,
 * another tab's change arrives through the 'storage' event, and where storage is refused
 * (private modes, quotas) the bag still works for the visit, in memory.
 */

const EMPTY: readonly BagLine[] = [];
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; lines: readonly BagLine[] } = { raw: null, lines: EMPTY };
/** Set once storage refused a read or a write: from then on the bag lives in `memory`. */
let inMemory = false;
let memory: string | null = null;

function readRaw(): string | null {
  if (inMemory) return memory;
  try {
    return window.localStorage.getItem(BAG_STORAGE_KEY);
  } catch {
    inMemory = true;
    return memory;
  }
}

function read(): readonly BagLine[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, lines: parseBag(raw) };
  return snapshot.lines;
}

function write(lines: readonly BagLine[]): void {
  const raw = lines.length === 0 ? null : serializeBag(lines);
  memory = raw;
  if (!inMemory) {
    try {
      if (raw === null) window.localStorage.removeItem(BAG_STORAGE_KEY);
      else window.localStorage.setItem(BAG_STORAGE_KEY, raw);
    } catch {
      // Kept in memory only: the bag lasts this visit.
      inMemory = true;
    }
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === BAG_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

export type UpdateBag = (change: (lines: readonly BagLine[]) => readonly BagLine[]) => void;

/** The bag's lines and a way to change them; the change is stored at once. */
export function useBag(): [readonly BagLine[], UpdateBag] {
  const lines = useSyncExternalStore(subscribe, read, () => EMPTY);
  const update = useCallback<UpdateBag>((change) => write(change(read())), []);
  return [lines, update];
}
