import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FormNotice } from './form-alert';

/**
 * A FormAlert's notice, and `announce`: shows a notice and moves the focus onto it, for an action
 * whose control leaves the page with it (Claim becomes "Claimed", a deleted card goes), so the
 * keyboard stays where the outcome is instead of falling back to the page's start. Spread
 * `alertRef` on the FormAlert as `ref`.
 */
export function useFocusedNotice() {
  const alertRef = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const announce = (next: FormNotice) => {
    flushSync(() => setNotice(next));
    alertRef.current?.focus();
  };
  return { notice, setNotice, announce, alertRef };
}
