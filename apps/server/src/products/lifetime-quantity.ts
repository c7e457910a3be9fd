/** A variety's stock figures as stored; rows written before the rule existed may lack the last two. */
export interface StoredStock {
  quantity: number;
  originalQuantity?: number | null | undefined;
  lifetimeQuantity?: number | null | undefined;
}

export interface NextStock {
  quantity: number;
  originalQuantity: number;
  lifetimeQuantity: number;
}

/**
 * The lifetime rule (docs/product.md §5.4) for a save that sets a variety's quantity: a quantity raised above the
 * original adds the increase to lifetimeQuantity; a missing lifetime counts as 0 and a missing
 * original as the current quantity. The saved quantity becomes the next save's original, so one
 * raise is counted once however often the product is saved afterwards. A variety new to the
 * product starts with everything it holds: lifetime and original are its first quantity.
 */
export function nextStock(stored: StoredStock | undefined, quantity: number): NextStock {
  if (!stored) return { quantity, originalQuantity: quantity, lifetimeQuantity: quantity };
  const original = stored.originalQuantity ?? stored.quantity;
  const lifetime = stored.lifetimeQuantity ?? 0;
  const increase = Math.max(0, quantity - original);
  return { quantity, originalQuantity: quantity, lifetimeQuantity: lifetime + increase };
}
