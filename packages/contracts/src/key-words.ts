/**
 * A stored key or code in words, for a screen that has no label for it (an option staff have
 * since removed, an answer the form no longer asks): `first-base` → "First base", `heardFrom` →
 * "Heard from". Screens prefer the label their table or configuration gives.
 */
export function keyInWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : key;
}

/** A label from an option list (beta-config's categories and sentiments), or the key in words. */
export function optionLabel(options: readonly { id: string; label: string }[], id: string): string {
  return options.find((option) => option.id === id)?.label ?? keyInWords(id);
}
