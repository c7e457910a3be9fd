/**
 * A clock and a sleep for tests that move no real time: each sleep is woken in the order of its
 * wake time, the clock set to it, one per turn of the event loop (setImmediate) so that what it
 * wakes runs before the next. Not imported by the app.
 */
export interface VirtualTime {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Every sleep asked for, in milliseconds, in the order asked. */
  sleeps: number[];
}

export function virtualTime(start = 0): VirtualTime {
  let at = start;
  const sleepers: { wake: number; order: number; resolve: () => void }[] = [];
  let scheduled = false;
  let order = 0;
  const pump = () => {
    scheduled = false;
    sleepers.sort((a, b) => a.wake - b.wake || a.order - b.order);
    const first = sleepers.shift();
    if (!first) return;
    at = Math.max(at, first.wake);
    first.resolve();
    if (sleepers.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  };
  const time: VirtualTime = {
    now: () => at,
    sleeps: [],
    sleep(ms) {
      time.sleeps.push(ms);
      return new Promise((resolve) => {
        sleepers.push({ wake: at + ms, order: order++, resolve });
        schedule();
      });
    },
  };
  return time;
}
