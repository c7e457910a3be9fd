import {
  creditsForCents,
  MERCH_MAX_LINE_QUANTITY,
  MERCH_MAX_LINES,
  type MerchCatalogue,
  type MerchProduct,
} from '@outpost/contracts/merch';
import { z } from 'zod/mini';

/*
 * The merch bag: what the player means to order, kept in localStorage so it survives reloads and
 * the trip to the login screen. Stored text is read back through a schema: lines that are not
 * what this code wrote (edited by hand, an older shape) are dropped, never trusted. Prices and
 * stock are never stored; they come from the catalogue each time.
 */

export interface BagLine {
  productID: string;
  varietyID: string;
  quantity: number;
}

export const BAG_STORAGE_KEY = 'outpost.merch-bag.v1';

const idSchema = z.string().check(z.minLength(1), z.maxLength(100));
const bagLineSchema = z.object({
  productID: idSchema,
  varietyID: idSchema,
  quantity: z.int().check(z.minimum(1), z.maximum(MERCH_MAX_LINE_QUANTITY)),
});

export const sameLine = (a: Omit<BagLine, 'quantity'>, b: Omit<BagLine, 'quantity'>) =>
  a.productID === b.productID && a.varietyID === b.varietyID;

/** The bag in stored text: valid lines only, one per variety (repeats merged, capped), at most MERCH_MAX_LINES. */
export function parseBag(raw: string | null): BagLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: BagLine[] = [];
  for (const item of value) {
    const parsed = z.safeParse(bagLineSchema, item);
    if (!parsed.success) continue;
    const { productID, varietyID, quantity } = parsed.data;
    const existing = lines.find((line) => sameLine(line, parsed.data));
    if (existing) existing.quantity = Math.min(MERCH_MAX_LINE_QUANTITY, existing.quantity + quantity);
    else if (lines.length < MERCH_MAX_LINES) lines.push({ productID, varietyID, quantity });
  }
  return lines;
}

export function serializeBag(lines: readonly BagLine[]): string {
  return JSON.stringify(lines.map(({ productID, varietyID, quantity }) => ({ productID, varietyID, quantity })));
}

/** Why one more of a variety cannot go in the bag, or null when it can. */
export function addRefusal(lines: readonly BagLine[], item: Omit<BagLine, 'quantity'>): string | null {
  const existing = lines.find((line) => sameLine(line, item));
  if (existing) {
    return existing.quantity >= MERCH_MAX_LINE_QUANTITY
      ? `At most ${MERCH_MAX_LINE_QUANTITY} of one variety per order.`
      : null;
  }
  return lines.length >= MERCH_MAX_LINES ? `An order can have at most ${MERCH_MAX_LINES} lines.` : null;
}

/** One more of a variety: its line's quantity up by one, or a new line at the end. Unchanged when refused. */
export function addToBag(lines: readonly BagLine[], item: Omit<BagLine, 'quantity'>): BagLine[] {
  if (addRefusal(lines, item)) return [...lines];
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) return [...lines, { productID: item.productID, varietyID: item.varietyID, quantity: 1 }];
  return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line));
}

export function setLineQuantity(
  lines: readonly BagLine[],
  item: Omit<BagLine, 'quantity'>,
  quantity: number,
): BagLine[] {
  const clamped = Math.min(MERCH_MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity) || 1));
  return lines.map((line) => (sameLine(line, item) ? { ...line, quantity: clamped } : line));
}

export function removeFromBag(lines: readonly BagLine[], item: Omit<BagLine, 'quantity'>): BagLine[] {
  return lines.filter((line) => !sameLine(line, item));
}

/** What keeps a line from being ordered now: gone from the shop, not on sale yet or sold out, or short of stock. */
export type LineProblem = 'unavailable' | 'sold-out' | 'short' | null;

export interface PricedLine {
  line: BagLine;
  product: MerchProduct | null;
  productName: string;
  varietyName: string;
  /** Units of the variety left; 0 when it is gone. */
  stock: number;
  /** US cents for the line (unit price × quantity); 0 when the product is gone. */
  cents: number;
  problem: LineProblem;
}

export interface PricedBag {
  lines: PricedLine[];
  /** Units in the bag. */
  units: number;
  /** US cents, and the same in credits at the catalogue's rate, rounded up as the server rounds an order. */
  totalCents: number;
  totalCredits: number;
  /** True when every line can be ordered as it is. */
  orderable: boolean;
}

/** The bag against the catalogue now: names, prices, totals and what stands in the way of each line. */
export function priceBag(lines: readonly BagLine[], catalogue: Pick<MerchCatalogue, 'products' | 'creditsPerUSD'>) {
  const priced = lines.map((line): PricedLine => {
    const product = catalogue.products.find((candidate) => candidate.productID === line.productID) ?? null;
    const variety = product?.varieties.find((candidate) => candidate.varietyID === line.varietyID) ?? null;
    if (!product || !variety) {
      return {
        line,
        product,
        productName: product?.name ?? line.productID,
        varietyName: variety?.varietyName ?? line.varietyID,
        stock: 0,
        cents: 0,
        problem: 'unavailable',
      };
    }
    const problem: LineProblem = !product.orderable
      ? product.soldOut || variety.stock === 0
        ? 'sold-out'
        : 'unavailable'
      : variety.stock === 0
        ? 'sold-out'
        : variety.stock < line.quantity
          ? 'short'
          : null;
    return {
      line,
      product,
      productName: product.name,
      varietyName: variety.varietyName,
      stock: variety.stock,
      cents: product.price * line.quantity,
      problem,
    };
  });
  const totalCents = priced.reduce((sum, line) => sum + line.cents, 0);
  return {
    lines: priced,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents,
    totalCredits: creditsForCents(totalCents, catalogue.creditsPerUSD),
    orderable: priced.length > 0 && priced.every((line) => line.problem === null),
  } satisfies PricedBag;
}

/** Lines back into the bag (an order given up): added to what is there, within the caps. */
export function mergeIntoBag(lines: readonly BagLine[], items: readonly BagLine[]): BagLine[] {
  const merged = lines.map((line) => ({ ...line }));
  for (const item of items) {
    const existing = merged.find((line) => sameLine(line, item));
    if (existing) existing.quantity = Math.min(MERCH_MAX_LINE_QUANTITY, existing.quantity + item.quantity);
    else if (merged.length < MERCH_MAX_LINES) {
      merged.push({
        productID: item.productID,
        varietyID: item.varietyID,
        quantity: Math.min(MERCH_MAX_LINE_QUANTITY, item.quantity),
      });
    }
  }
  return merged;
}
