import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';
import { idempotencyKeyField } from './idempotency';
import { personSchema } from './people';

/**
 * The shop of the game's economy (docs/product.md §1.1, §3.16, §6.1, §7.1): credit packs bought with money,
 * mystery-ball machines spun with credits or a PayPal payment, drops that open a machine for a while, and the
 * shop's opening date (config/container-spin). Money is integer US cents, credits whole numbers.
 */
export const SHOP_MESSAGES = {
  notOpenYet: 'The shop is not open yet.',
  machineUnavailable: 'This machine is not available.',
  machineNotFound: 'There is no machine with that ID.',
  dropClosed: 'This machine only spins while one of its drops is open.',
  soldOut: 'Sold out: every prize of this machine has been won.',
  notEnoughCredits: 'You do not have enough credits for this spin.',
  packNotFound: 'There is no credit pack with that ID.',
  packUnavailable: 'This credit pack is not available.',
  paypalOff: 'PayPal payments are not set up here yet; everything paid in credits still works.',
  orderNotFound: 'There is no order with that ID.',
  notYourOrder: 'This order belongs to another player.',
  paymentNotCompleted: 'The payment has not completed, so nothing was charged for it here.',
  paymentMismatch: 'The payment does not match the order; nothing was granted. Contact support.',
  wrongPayment: 'This order is not paid that way.',
  noPayPalPrice: 'This machine is spun with credits only.',
  idCharacters: "IDs may use lower-case letters, digits, '-' and '_'.",
  idReserved: 'An ID cannot be "new": that is the name of an admin page.',
} as const;

/** Pack, machine, prize and drop ids sit in URLs; lower-case words with '-' and '_'. */
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const SHOP_ID_MAX_LENGTH = 64;
export const SHOP_NAME_MAX_LENGTH = 120;
/** Far above any real price or pack; keeps every figure an exact integer everywhere. */
export const SHOP_MAX_CENTS = 100_000_000;
export const SHOP_MAX_CREDITS = 100_000_000;
export const PRIZE_MAX_STOCK = 10_000_000;
export const PRIZE_MAX_WEIGHT = 1_000_000;
export const MACHINE_MAX_PRIZES = 100;

export const shopIdSchema = z
  .string({ error: 'An ID is required.' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'An ID is required.' }),
    z.maxLength(SHOP_ID_MAX_LENGTH, { error: `IDs can be at most ${SHOP_ID_MAX_LENGTH} characters.` }),
    z.regex(ID_PATTERN, { error: SHOP_MESSAGES.idCharacters }),
  );

const nameSchema = z
  .string({ error: 'A name is required.' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'A name is required.' }),
    z.maxLength(SHOP_NAME_MAX_LENGTH, { error: `Names can be at most ${SHOP_NAME_MAX_LENGTH} characters.` }),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .int({ error: `${label} must be a whole number.` })
    .check(
      z.minimum(min, { error: `${label} must be at least ${min}.` }),
      z.maximum(max, { error: `${label} can be at most ${max}.` }),
    );

const isoDateTime = (label: string) =>
  z.string({ error: `${label} must be a date and time.` }).check(
    z.iso.datetime({ offset: true, error: `${label} must be a date and time.` }),
    // One spelling (UTC, milliseconds) so stored times compare as text. Checks run on after a
    // failed one, so text that is no date stays as it is (toISOString would throw: a 500).
    z.overwrite((text) => {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }),
  );

/** Pack and machine ids name their admin pages (/admin/shop/packs/:packID), beside the create page's "new". */
const pageIdSchema = shopIdSchema.check(z.refine((id) => id !== 'new', { error: SHOP_MESSAGES.idReserved }));

/* ------------------------------------------------------------------ credit packs */

/** A credit pack {packID, name, credits, costUSD in cents, available} (docs/product.md §3.16). */
export const creditPackSchema = z.object({
  packID: z.string(),
  name: z.string(),
  credits: z.int(),
  /** US cents. */
  costUSD: z.int(),
  available: z.boolean(),
});
export type CreditPack = z.infer<typeof creditPackSchema>;

export const creditPackInputSchema = z.object({
  name: nameSchema,
  credits: wholeNumber('Credits', 1, SHOP_MAX_CREDITS),
  costUSD: wholeNumber('The price in cents', 1, SHOP_MAX_CENTS),
  available: z.boolean(),
});
export type CreditPackInput = z.input<typeof creditPackInputSchema>;
export const createCreditPackInputSchema = z.extend(creditPackInputSchema, { packID: pageIdSchema });
export type CreateCreditPackInput = z.input<typeof createCreditPackInputSchema>;

export const creditPackParamsSchema = z.object({ env: environmentSchema, packID: z.string() });
export const creditPackListQuerySchema = adminListQuerySchema(
  ['costUSD', 'name', 'credits', 'packID'] as const,
  {
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  },
  'asc',
);
export type CreditPackListQuery = z.infer<typeof creditPackListQuerySchema>;
export const creditPackListPageSchema = adminListPageSchema(creditPackSchema);

/* ------------------------------------------------------------------ machines and prizes */

/** A prize of a machine: its item, its odds weight and how many are left to win. */
export const prizeSchema = z.object({
  prizeID: z.string(),
  name: z.string(),
  /** The item of items-master the winner gets in their game inventory. */
  itemID: z.string(),
  weight: z.int(),
  stock: z.int(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const prizeInputSchema = z.object({
  prizeID: shopIdSchema,
  name: nameSchema,
  itemID: z
    .string({ error: 'Each prize needs an item.' })
    .check(z.trim(), z.minLength(1, { error: 'Each prize needs an item.' })),
  weight: wholeNumber('An odds weight', 1, PRIZE_MAX_WEIGHT),
  stock: wholeNumber('Stock', 0, PRIZE_MAX_STOCK),
});

/** A mystery-ball machine {machineID, name, available, costCredits, prizes} (docs/product.md §3.16). */
export const machineSchema = z.object({
  machineID: z.string(),
  name: z.string(),
  description: z.string(),
  available: z.boolean(),
  costCredits: z.int(),
  /** US cents for a spin paid with PayPal; null when the machine takes credits only. */
  costUSD: z.nullable(z.int()),
  prizes: z.array(prizeSchema),
  version: z.int(),
});
export type Machine = z.infer<typeof machineSchema>;

export const machineInputSchema = z.object({
  name: nameSchema,
  description: z._default(z.string().check(z.trim(), z.maxLength(2000, { error: 'At most 2000 characters.' })), ''),
  available: z.boolean(),
  costCredits: wholeNumber('The cost in credits', 1, SHOP_MAX_CREDITS),
  costUSD: z.nullable(wholeNumber('The PayPal price in cents', 1, SHOP_MAX_CENTS)),
  prizes: z.array(prizeInputSchema).check(
    z.minLength(1, { error: 'A machine needs at least one prize.' }),
    z.maxLength(MACHINE_MAX_PRIZES, { error: `A machine can have at most ${MACHINE_MAX_PRIZES} prizes.` }),
    z.refine((prizes) => new Set(prizes.map((prize) => prize.prizeID)).size === prizes.length, {
      error: 'Each prize needs its own prize ID.',
    }),
  ),
});
export type MachineInput = z.input<typeof machineInputSchema>;
export const createMachineInputSchema = z.extend(machineInputSchema, { machineID: pageIdSchema });
export type CreateMachineInput = z.input<typeof createMachineInputSchema>;
/** A save names the version it started from: a save over a spin's stock change or another admin's save is refused. */
export const updateMachineInputSchema = z.extend(machineInputSchema, { version: z.int().check(z.positive()) });
export type UpdateMachineInput = z.input<typeof updateMachineInputSchema>;

export const machineParamsSchema = z.object({ env: environmentSchema, machineID: z.string() });
export const machineListQuerySchema = adminListQuerySchema(
  ['name', 'machineID', 'costCredits'] as const,
  {
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  },
  'asc',
);
export type MachineListQuery = z.infer<typeof machineListQuerySchema>;
export const machineSummarySchema = z.object({
  machineID: z.string(),
  name: z.string(),
  available: z.boolean(),
  costCredits: z.int(),
  costUSD: z.nullable(z.int()),
  prizeCount: z.int(),
  stockLeft: z.int(),
});
export const machineListPageSchema = adminListPageSchema(machineSummarySchema);

/* ------------------------------------------------------------------ drops and the shop's opening */

/** A drop {dropID, machineID, opensAt, closesAt}: a window in which its machine spins. */
export const dropSchema = z.object({
  dropID: z.string(),
  machineID: z.string(),
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
});
export type Drop = z.infer<typeof dropSchema>;

const dropFields = {
  machineID: shopIdSchema,
  name: nameSchema,
  opensAt: isoDateTime('Opens at'),
  closesAt: isoDateTime('Closes at'),
};
const closesAfterOpening = z.refine<{ opensAt: string; closesAt: string }>((drop) => drop.closesAt > drop.opensAt, {
  error: 'A drop must close after it opens.',
  path: ['closesAt'],
});
export const dropInputSchema = z.object(dropFields).check(closesAfterOpening);
export type DropInput = z.input<typeof dropInputSchema>;
export const createDropInputSchema = z.object({ dropID: shopIdSchema, ...dropFields }).check(closesAfterOpening);
export type CreateDropInput = z.input<typeof createDropInputSchema>;
export const dropParamsSchema = z.object({ env: environmentSchema, dropID: z.string() });
export const dropListQuerySchema = adminListQuerySchema(['opensAt', 'dropID', 'machineID'] as const, {}, 'desc');
export type DropListQuery = z.infer<typeof dropListQuerySchema>;
/** A row of the admin drop list: the drop and its machine's name. */
export const adminDropSchema = z.extend(dropSchema, { machineName: z.string() });
export type AdminDrop = z.infer<typeof adminDropSchema>;
export const dropListPageSchema = adminListPageSchema(adminDropSchema);

/** config/container-spin {shopOpens}: before it, the shop counts down and refuses spins. */
export const containerSpinConfigSchema = z.object({ shopOpens: z.nullable(z.string()) });
export type ContainerSpinConfig = z.infer<typeof containerSpinConfigSchema>;
export const containerSpinConfigInputSchema = z.object({ shopOpens: z.nullable(isoDateTime('Shop opens')) });

/* ------------------------------------------------------------------ what players see */

/**
 * The published odds rule (the draw follows it, players and admins are shown it): a prize's
 * chance on the next spin is its weight over the weights of the prizes still in stock; 0 once it
 * is gone.
 */
export function publishedOdds(prizes: readonly { weight: number; stock: number }[]): number[] {
  const total = prizes.reduce((sum, prize) => sum + (prize.stock > 0 ? prize.weight : 0), 0);
  return prizes.map((prize) => (prize.stock > 0 && total > 0 ? prize.weight / total : 0));
}

/** A prize as players see it: its published odds of being drawn now, and what is left. */
export const publishedPrizeSchema = z.object({
  prizeID: z.string(),
  name: z.string(),
  itemID: z.string(),
  /** The chance of this prize on the next spin, 0..1: its weight over the weights of prizes in stock. */
  odds: z.number(),
  stock: z.int(),
});
export type PublishedPrize = z.infer<typeof publishedPrizeSchema>;

export const shopMachineSchema = z.object({
  machineID: z.string(),
  name: z.string(),
  description: z.string(),
  available: z.boolean(),
  costCredits: z.int(),
  costUSD: z.nullable(z.int()),
  prizes: z.array(publishedPrizeSchema),
  /** The machine's drops that have not closed yet, soonest first. */
  drops: z.array(dropSchema),
  /** True when a spin would be taken now (available, in an open drop if it has drops, stock left). */
  spinnable: z.boolean(),
});
export type ShopMachine = z.infer<typeof shopMachineSchema>;

/**
 * GET /api/shop: the whole shop in one answer. Players get the available packs (sorted by costUSD
 * ascending) and machines; admins and staff get every one, each with its `available` flag (docs/product.md §6.1).
 */
export const shopSchema = z.object({
  shopOpens: z.nullable(z.string()),
  /** The server's clock, so a countdown does not trust the device's. */
  now: z.string(),
  packs: z.array(creditPackSchema),
  machines: z.array(shopMachineSchema),
  /** PayPal's client id for the JS buttons; null when PayPal is not configured. */
  paypalClientId: z.nullable(z.string()),
});
export type Shop = z.infer<typeof shopSchema>;

/* ------------------------------------------------------------------ orders and spins */

export const ORDER_KINDS = ['credit-pack', 'spin'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const PAYMENT_METHODS = ['paypal', 'credits'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_STATUSES = ['created', 'completed', 'pending', 'declined', 'mismatch'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** POST /api/shop/orders: what the player wants and how they pay; the price is always Outpost's. */
export const createOrderInputSchema = z.union([
  z.object({ kind: z.literal('credit-pack'), packID: z.string(), payment: z.literal('paypal') }),
  z.object({ kind: z.literal('spin'), machineID: z.string(), payment: z.enum(PAYMENT_METHODS) }),
]);
export type CreateOrderInput = z.input<typeof createOrderInputSchema>;

export const orderSchema = z.object({
  /** Outpost's order id, sent to PayPal as custom_id. */
  orderID: z.string(),
  kind: z.enum(ORDER_KINDS),
  payment: z.enum(PAYMENT_METHODS),
  /** PayPal's order id for a PayPal order (what the JS buttons approve). */
  paypalOrderID: z.nullable(z.string()),
  amountCents: z.int(),
  credits: z.int(),
  status: z.enum(ORDER_STATUSES),
});
export type Order = z.infer<typeof orderSchema>;

export const spinResultSchema = z.object({
  spinID: z.string(),
  prize: z.object({ prizeID: z.string(), name: z.string(), itemID: z.string() }),
  balance: z.int(),
});
export type SpinResult = z.infer<typeof spinResultSchema>;

/** GET /api/fn/process-paypal-order for a credit pack: the credits added and the balance after. */
export const packPurchaseResultSchema = z.object({
  orderID: z.string(),
  status: z.enum(ORDER_STATUSES),
  credits: z.int(),
  balance: z.int(),
});
export type PackPurchaseResult = z.infer<typeof packPurchaseResultSchema>;

export const spinMachineQuerySchema = z.object({
  machineID: z.string().check(z.minLength(1, { error: 'machineID is required.' })),
  ...idempotencyKeyField,
});
export const requestSpinQuerySchema = z.object({
  paypalOrderID: z.string().check(z.minLength(1, { error: 'paypalOrderID is required.' })),
  /** 'direct' (the default) means the signed-in player (docs/product.md §7.1). */
  userID: z._default(z.string(), 'direct'),
  ...idempotencyKeyField,
});
export const processPayPalOrderQuerySchema = z.object({
  orderID: z.string().check(z.minLength(1, { error: 'orderID is required.' })),
  ...idempotencyKeyField,
});
export const processDirectTransactionQuerySchema = processPayPalOrderQuerySchema;

/** The outcomes a settlement records (verifyCapture's verdicts). */
export const PAYPAL_RESULTS = ['completed', 'pending', 'declined', 'mismatch'] as const;
export type PayPalResult = (typeof PAYPAL_RESULTS)[number];
/** The stored results in words, for the people who read the transaction list. */
export const PAYPAL_RESULT_LABELS: Record<PayPalResult, string> = {
  completed: 'Completed',
  pending: 'Pending at PayPal',
  declined: 'Declined',
  mismatch: 'Amount did not match',
};

const payPalMoneySchema = z.object({ currency_code: z.string(), value: z.string() });

/** What a paypal-transactions record keeps of the amounts: Outpost's price and what PayPal captured. */
export const paypalAmountsSchema = z.looseObject({
  expected: z.object({ value: z.int(), currency: z.string(), customId: z.string() }),
  captured: z.nullable(payPalMoneySchema),
  paypalFee: z.nullable(payPalMoneySchema),
  net: z.nullable(payPalMoneySchema),
  captureId: z.nullable(z.string()),
  captureStatus: z.nullable(z.string()),
  alreadyCaptured: z.boolean(),
  /** Why it was not completed, in PayPal's or verifyCapture's words. */
  reason: z.nullable(z.string()),
});
export type PayPalAmounts = z.infer<typeof paypalAmountsSchema>;

/** The admin's view of paypal-transactions: every outcome recorded. */
export const paypalTransactionSchema = z.object({
  id: z.int(),
  orderID: z.string(),
  userID: z.string(),
  result: z.string(),
  shipping: z.nullable(z.unknown()),
  amounts: paypalAmountsSchema,
  createdAt: z.string(),
});
export type PayPalTransaction = z.infer<typeof paypalTransactionSchema>;
export const paypalTransactionListQuerySchema = adminListQuerySchema(['createdAt'] as const, {
  result: z.optional(z.enum(PAYPAL_RESULTS, { error: `result must be one of ${PAYPAL_RESULTS.join(', ')}.` })),
});
/** A row of the admin list: the transaction and its player (the account of `userID`), named. */
export const adminPayPalTransactionSchema = z.extend(paypalTransactionSchema, { player: personSchema });
export type AdminPayPalTransaction = z.infer<typeof adminPayPalTransactionSchema>;
export const paypalTransactionListPageSchema = adminListPageSchema(adminPayPalTransactionSchema);
