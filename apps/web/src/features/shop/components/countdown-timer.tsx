import { useEffect, useState } from 'react';
import { formatRemaining } from './format';

interface CountdownTimerProps {
  /** ISO 8601: when the countdown ends. */
  to: string;
  /** Server clock minus device clock (clockOffset). */
  offsetMs: number;
  /** Called once when the time is up, to fetch what changed then. */
  onDone?: () => void;
}

/**
 * Ticks every second until `to` by the server's clock. Not a live region: a screen reader would
 * read every tick; the time it counts to is given as text beside it.
 */
export function CountdownTimer({ to, offsetMs, onDone }: CountdownTimerProps) {
  const target = Date.parse(to);
  const [left, setLeft] = useState(() => target - (Date.now() + offsetMs));
  useEffect(() => {
    const tick = () => {
      const remaining = target - (Date.now() + offsetMs);
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(timer);
        onDone?.();
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [target, offsetMs, onDone]);
  return (
    <time dateTime={to} title={new Date(to).toLocaleString()}>
      {formatRemaining(left)}
    </time>
  );
}
