/** "2d 04:05:06", "04:05:06": the time left until an opening, never below zero. */
export function formatRemaining(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const days = Math.floor(total / 86_400);
  const clock = [Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The difference between the server's clock and this device's, so a countdown ends when the server opens. */
export function clockOffset(serverNow: string, deviceNow = Date.now()): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - deviceNow;
}

/** Published odds as people read them: "75%", "2.5%", "0.04%", "<0.01%"; "—" once the prize is gone. */
export function formatOdds(odds: number): string {
  if (odds <= 0) return '—';
  const percent = odds * 100;
  if (percent < 0.01) return '<0.01%';
  const digits = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  return `${Number(percent.toFixed(digits))}%`;
}
