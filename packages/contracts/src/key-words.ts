/** A camelCase or kebab-case key as lower-case words, acronyms kept: "trackingReference" → "tracking reference", "userIDs" → "user IDs". */
export function keyWords(key: string): string {
  return (
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // "USDPrice" → "USD Price", but "IDs" stays a plural acronym.
      .replace(/([A-Z]+)([A-Z](?!s\b)[a-z])/g, '$1 $2')
      .replace(/[-_.\s]+/g, ' ')
      .trim()
      .split(/\s+/)
      .map((word) => (/^[A-Z]{2,}s?$/.test(word) ? word : word.toLowerCase()))
      .join(' ')
  );
}

/**
 * A stored key or code as a label, for a screen that has no label for it (an option staff have
 * since removed, an answer the form no longer asks, a log entry's field): `first-base` → "First
 * base", `heardFrom` → "Heard from", `costUSD` → "Cost USD". Screens prefer the label their table
 * or configuration gives.
 */
export function keyInWords(key: string): string {
  const words = keyWords(key);
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A label from an option list (beta-config's categories and sentiments), or the key in words. */
export function optionLabel(options: readonly { id: string; label: string }[], id: string): string {
  return options.find((option) => option.id === id)?.label ?? keyInWords(id);
}
