/** The list with the item at `index` moved one place (`-1` earlier, `1` later); unchanged at the ends. */
export function moveItem<Item>(list: readonly Item[], index: number, step: -1 | 1): Item[] {
  const target = index + step;
  const next = [...list];
  const item = next[index];
  const other = next[target];
  if (item === undefined || other === undefined) return next;
  next[target] = item;
  next[index] = other;
  return next;
}
