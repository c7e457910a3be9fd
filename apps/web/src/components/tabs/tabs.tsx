import type { KeyboardEvent, ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

/** The id of a tab's button, which its panel is labelled by. */
const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

interface TabsProps<Id extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** The start of the tabs' and the panel's ids (useId's, or a fixed one); TabPanel takes the same. */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  /** `via` tells an arrow key from a click, for a screen that keeps only clicks in its history. */
  onSelect: (id: Id, via: 'click' | 'key') => void;
  /** 'fill': a few short tabs share the row; 'scroll': each keeps its width and a narrow row scrolls sideways. */
  layout: 'fill' | 'scroll';
}

/**
 * An ARIA tab list: one Tab stop, the arrow keys (and Home/End) move to the next tab and show
 * its panel at once, Tab then goes into the panel.
 */
export function Tabs<Id extends string>({ label, idPrefix, tabs, selected, onSelect, layout }: TabsProps<Id>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]?.id ?? selected;
    onSelect(next, 'key');
    document.getElementById(tabId(idPrefix, next))?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={`${styles.tabs} ${styles[layout]}`} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix)}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id, 'click')}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps {
  /** The Tabs' idPrefix. */
  idPrefix: string;
  /** The selected tab's id: the panel is labelled by it. */
  selected: string;
  className?: string;
  children: ReactNode;
}

/** The panel of a Tabs list, showing the selected tab's content. */
export function TabPanel({ idPrefix, selected, className, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, selected)} className={className}>
      {children}
    </div>
  );
}
