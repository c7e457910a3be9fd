import type { KeyboardEvent } from 'react';
import { LOGIN_MODES, type LoginMode } from '../login-mode';
import styles from './mode-tabs.module.css';

const LABELS: Record<LoginMode, string> = { login: 'Log in', signup: 'Sign up', reset: 'Reset password' };

export const tabId = (idPrefix: string, mode: LoginMode) => `${idPrefix}-tab-${mode}`;

export interface ModeTabsProps {
  idPrefix: string;
  panelId: string;
  mode: LoginMode;
  onSelect: (mode: LoginMode) => void;
}

/**
 * The three modes as an ARIA tab list: one Tab stop, arrow keys (and Home/End) move between
 * the tabs and show each panel at once, Tab then goes into the form.
 */
export function ModeTabs({ idPrefix, panelId, mode, onSelect }: ModeTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = LOGIN_MODES.indexOf(mode);
    const last = LOGIN_MODES.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = LOGIN_MODES[(target + LOGIN_MODES.length) % LOGIN_MODES.length] ?? mode;
    onSelect(next);
    document.getElementById(tabId(idPrefix, next))?.focus();
  };

  return (
    <div role="tablist" aria-label="Account" className={styles.tabs} onKeyDown={onKeyDown}>
      {LOGIN_MODES.map((candidate) => {
        const selected = candidate === mode;
        return (
          <button
            key={candidate}
            type="button"
            role="tab"
            id={tabId(idPrefix, candidate)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(candidate)}
          >
            {LABELS[candidate]}
          </button>
        );
      })}
    </div>
  );
}
