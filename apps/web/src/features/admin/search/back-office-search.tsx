import {
  BACK_OFFICE_SEARCH_KINDS,
  BACK_OFFICE_SEARCH_LABELS,
  BACK_OFFICE_SEARCH_LIMITS,
} from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { Command } from 'cmdk';
import { useDeferredValue, useEffect, useState } from 'react';
import { useNavigate } from '../../../lib/router/router';
import { useBackOfficeSearch } from '../api/search-back-office';
import styles from './back-office-search.module.css';

/** Ctrl+K, or ⌘K on a Mac, from anywhere in the back office. */
const isShortcut = (event: KeyboardEvent) => event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);

/**
 * The back office's search: a field in the top bar (and Ctrl+K or ⌘K anywhere) opens a palette
 * (cmdk) that finds players, merch orders, codes, products, machines, items and episodes in the
 * environment, kind by kind; choosing one opens its page.
 */
export function BackOfficeSearch({ environment }: { environment: Environment }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const search = useBackOfficeSearch(environment, deferred);
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const choose = (path: string) => {
    setOpen(false);
    setQuery('');
    navigate(path);
  };

  const status = search.tooShort
    ? query.length > 0
      ? `Type at least ${BACK_OFFICE_SEARCH_LIMITS.queryMinLength} characters.`
      : 'Find players by name, email or id, orders by number, codes, products, machines, items and episodes.'
    : search.failure
      ? `The search failed: ${search.failure.message}`
      : search.searching && !search.hits
        ? 'Searching…'
        : `Nothing in ${environment} matches “${deferred.trim()}”.`;

  return (
    <>
      <button
        type="button"
        className={styles.field}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <span>Search</span>
        <kbd className={styles.key}>Ctrl K</kbd>
      </button>
      <Command.Dialog
        open={open}
        onOpenChange={setOpen}
        label="Search the back office"
        shouldFilter={false}
        overlayClassName={styles.overlay}
        contentClassName={styles.palette}
      >
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="A name, an email, an id, an order number…"
          aria-label="Search the back office"
          className={styles.input}
        />
        <Command.List className={styles.list} aria-busy={search.searching}>
          <Command.Empty className={styles.status}>{status}</Command.Empty>
          {BACK_OFFICE_SEARCH_KINDS.map((kind) => {
            const hits = search.hits?.filter((hit) => hit.kind === kind) ?? [];
            if (hits.length === 0) return null;
            return (
              <Command.Group key={kind} heading={BACK_OFFICE_SEARCH_LABELS[kind]} className={styles.group}>
                {hits.map((hit) => (
                  <Command.Item
                    key={`${hit.kind}:${hit.id}`}
                    value={`${hit.kind}:${hit.id}`}
                    onSelect={() => choose(hit.path)}
                    className={styles.item}
                  >
                    <span className={styles.title}>{hit.title}</span>
                    {hit.detail && <span className={styles.detail}>{hit.detail}</span>}
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
        </Command.List>
      </Command.Dialog>
    </>
  );
}
