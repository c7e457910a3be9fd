export type Store = 'apple' | 'google';

/**
 * Which store badge comes first for a visitor. iPadOS 13+ Safari sends a Mac user agent, so an
 * iPad is indistinguishable from a Mac here; both land on the App Store, which is the default.
 * Apple devices are checked before Android because some in-app browsers mention both.
 */
export function storeOrder(userAgent: string): Store[] {
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return ['apple', 'google'];
  if (/Android/i.test(userAgent)) return ['google', 'apple'];
  return ['apple', 'google'];
}
