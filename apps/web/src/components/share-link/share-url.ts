/** The full address of `path` on this site's own origin: what a player or staff member sends to someone. */
export function shareUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
