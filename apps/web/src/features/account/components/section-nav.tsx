import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import styles from '../account.module.css';

interface NavEntry {
  anchor: string;
  title: string;
  element: HTMLElement;
}
type Register = (entry: NavEntry) => () => void;

const SectionNavContext = createContext<Register | null>(null);

/**
 * The account page's sections register here as they mount, so the in-page links list exactly the
 * sections shown (a section that renders nothing, e.g. for a player who is not a partner, has no
 * link) in page order, whichever feature renders them.
 */
export function SectionNavProvider({ children }: { children: (nav: ReactNode) => ReactNode }) {
  const [entries, setEntries] = useState<NavEntry[]>([]);
  const register = useCallback<Register>((entry) => {
    setEntries((now) =>
      [...now.filter((each) => each.anchor !== entry.anchor), entry].sort((a, b) =>
        a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      ),
    );
    return () => setEntries((now) => now.filter((each) => each.element !== entry.element));
  }, []);
  const nav = entries.length > 1 && (
    <nav className={styles.sectionNav} aria-label="Sections of your account">
      <ul>
        {entries.map((entry) => (
          <li key={entry.anchor}>
            <a href={`#${entry.anchor}`}>{entry.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
  return <SectionNavContext.Provider value={register}>{children(nav)}</SectionNavContext.Provider>;
}

/** Lists the section at `element` under `title` while it is mounted (outside the account page: nothing). */
export function useSectionNavEntry(anchor: string, title: string, element: HTMLElement | null) {
  const register = useContext(SectionNavContext);
  const entry = useMemo(() => (element ? { anchor, title, element } : null), [anchor, title, element]);
  useEffect(() => (register && entry ? register(entry) : undefined), [register, entry]);
}
