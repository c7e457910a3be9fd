import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { COUNTRY_CODES } from './countries';
import { environmentSchema } from './environments';
import { personSchema } from './people';

/**
 * The merch shop (docs/product.md §1.1, §3.1, §7.1): Active products sold with their varieties' stock, merch
 * drops that open products at a time, the player's order profile (user-order-settings), orders
 * (merch-order-v2) paid in credits, with PayPal or by card through Stripe Checkout, the merch contact form,
 * and the back office that packs, ships and refunds them. Money is integer US cents; credits whole numbers.
 */
export const MERCH_MESSAGES = {
  profileRequired: 'Add your shipping details (your order profile) before checking out.',
  productUnavailable: 'This product is not on sale.',
  varietyNotFound: 'That size or variety does not exist for this product.',
  dropNotOpen: 'This product belongs to a drop that has not opened yet.',
  soldOut: 'Sold out: there is not enough stock left of',
  orderNotFound: 'There is no merch order with that ID.',
  notYourOrder: 'This order belongs to another player.',
  notAwaitingPayment: 'This order is no longer waiting for payment.',
  reservationLapsed: 'Your reservation ran out and the item has sold out since; nothing was charged.',
  stripeOff: 'Card payments (Stripe) are not set up here yet; paying in credits still works.',
  paypalOff: 'PayPal payments are not set up here yet; paying in credits still works.',
  notEnoughCredits: 'You do not have enough credits for this order.',
  paypalNotApproved: 'The payment has not been approved on PayPal yet.',
  dropNotFound: 'There is no merch drop with that ID.',
  dropAlreadyOpen: 'This drop is already open: you can order now.',
  contactSent: 'Thanks! Your message reached the merch team; we answer by email.',
  cannotShipUnpaid: 'Only paid orders can be packed or shipped.',
  trackingRequired: 'Add the tracking reference the carrier gave you to mark an order shipped.',
  refundTooLarge: 'A refund cannot be more than what was paid and not yet refunded.',
  refundUnpaid: 'Only paid orders can be refunded.',
} as const;

/** The text subscribe-to-drop answers (docs/product.md §7.1: text). */
export const subscribedToDropText = (dropName: string) => `You're on the list: we'll email you when ${dropName} opens.`;
export const alreadySubscribedToDropText = (dropName: string) =>
  `You're already on the list for ${dropName}; we'll email you once when it opens.`;

/**
 * Orders one player may have waiting for payment at once: each holds stock, so one account cannot
 * hold a drop's stock with orders it never pays.
 */
export const MAX_OPEN_MERCH_ORDERS = 3;
export const tooManyOpenOrdersText = () =>
  `You have ${MAX_OPEN_MERCH_ORDERS} orders waiting for payment: pay or cancel one of them (on your account page) first.`;

/** How long a reservation holds stock for a payment in credits or with PayPal. */
export const RESERVATION_MINUTES = 15;
/** Lines one order may have, and units of one variety per line. */
export const MERCH_MAX_LINES = 20;
export const MERCH_MAX_LINE_QUANTITY = 10;
/** Orders a player or the back office reads per page at most: the list protocol's. */
export const RECENT_MERCH_ORDERS = 20;

/* ------------------------------------------------------------------ the order profile */

const LIMITS = { name: 60, line: 120, city: 80, state: 80, zipcode: 12, phone: 20, size: 12 } as const;

const requiredField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} is required.` }),
      z.maxLength(max, { error: `${label} can be at most ${max} characters.` }),
    );

const optionalField = (label: string, max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, { error: `${label} can be at most ${max} characters.` })), '');

export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
/** `cut` (docs/product.md §3.15): the fit the player's apparel should come in. */
export const CUTS = ['unisex', 'mens', 'womens'] as const;
export const CUT_LABELS: Record<(typeof CUTS)[number], string> = {
  unisex: 'Unisex',
  mens: "Men's",
  womens: "Women's",
};

const shirtSize = (label: string) =>
  z._default(
    z.union([z.literal(''), z.enum(SHIRT_SIZES)], { error: `${label}: pick one of ${SHIRT_SIZES.join(', ')}.` }),
    '',
  );

/** Country codes of ISO 3166-1 (alpha-2): the shipping country, named by the screens in the player's language. */
const countrySchema = z.string({ error: 'Pick the country we ship to.' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((code) => (COUNTRY_CODES as readonly string[]).includes(code), { error: 'Pick the country we ship to.' }),
);

/** US addresses need a state and a five-digit ZIP code; elsewhere both depend on the country. Each rule names its own field. */
const usStateRule = z.refine<{ country: string; state: string }>(
  (address) => address.country !== 'US' || address.state !== '',
  { error: 'US addresses need a state.', path: ['state'] },
);
const usZipRule = z.refine<{ country: string; zipcode: string }>(
  (address) => address.country !== 'US' || /^\d{5}(-\d{4})?$/.test(address.zipcode),
  { error: 'US ZIP codes have 5 digits (or 5+4, like 97201-1234).', path: ['zipcode'] },
);

export const shippingAddressSchema = z
  .object({
    line1: requiredField('Address line 1', LIMITS.line),
    line2: optionalField('Address line 2', LIMITS.line),
    city: requiredField('City', LIMITS.city),
    state: optionalField('State or region', LIMITS.state),
    zipcode: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LIMITS.zipcode, { error: `The postcode can be at most ${LIMITS.zipcode} characters.` }),
          z.regex(/^[A-Za-z0-9 -]*$/, { error: 'The postcode may use letters, digits, spaces and dashes.' }),
        ),
      '',
    ),
    country: countrySchema,
  })
  .check(usStateRule, usZipRule);

/**
 * An order profile (docs/product.md §3.15), saved with POST /api/fn/set-order-profile into user-order-settings;
 * each field's message says what to fix. `countryCode` is the phone's calling code ("+44").
 */
export const orderProfileSchema = z.object({
  email: z
    .string({ error: 'Enter the email address we can reach you at.' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.email({ error: 'Enter the email address we can reach you at.' }),
      z.maxLength(254, { error: 'That email address is too long.' }),
    ),
  phone: z.string({ error: 'Enter a phone number the carrier can call.' }).check(
    z.trim(),
    z.regex(/^[0-9][0-9 ()-]{4,18}[0-9]$/, {
      error: 'Enter a phone number the carrier can call: 6 to 20 digits, spaces and dashes allowed.',
    }),
  ),
  countryCode: z
    .string({ error: 'Enter your phone’s country calling code, like +1 or +44.' })
    .check(
      z.trim(),
      z.regex(/^\+[1-9][0-9]{0,3}$/, { error: 'Enter your phone’s country calling code, like +1 or +44.' }),
    ),
  firstName: requiredField('First name', LIMITS.name),
  lastName: requiredField('Last name', LIMITS.name),
  cut: z._default(
    z.union([z.literal(''), z.enum(CUTS)], { error: `Cut: pick ${Object.values(CUT_LABELS).join(', ')}.` }),
    '',
  ),
  shippingAddress: shippingAddressSchema,
  sizes: z._default(
    z.object({
      shirtSize: shirtSize('Shirt size'),
      hoodieSize: shirtSize('Hoodie size'),
      pantSize: optionalField('Pant size', LIMITS.size),
      shoeSize: optionalField('Shoe size', LIMITS.size),
    }),
    { shirtSize: '', hoodieSize: '', pantSize: '', shoeSize: '' },
  ),
});
export type OrderProfileInput = z.input<typeof orderProfileSchema>;
export type OrderProfile = z.output<typeof orderProfileSchema>;

/** GET /api/account/order-profile: the saved profile, or null before the first save. */
export const savedOrderProfileSchema = z.object({
  profile: z.nullable(orderProfileSchema),
  updatedAt: z.nullable(z.string()),
});
export type SavedOrderProfile = z.infer<typeof savedOrderProfileSchema>;

/* ------------------------------------------------------------------ the catalogue players see */

/** config/merch: credits a US dollar of merch costs when paid in credits (credit packs sell about 100 a dollar). */
export const merchConfigSchema = z.object({
  creditsPerUSD: z.int().check(z.minimum(1), z.maximum(100_000)),
});
export type MerchConfig = z.infer<typeof merchConfigSchema>;
export const DEFAULT_MERCH_CONFIG: MerchConfig = { creditsPerUSD: 100 };
export const merchConfigInputSchema = z.object({
  creditsPerUSD: z
    .int({ error: 'Credits per US dollar must be a whole number.' })
    .check(
      z.minimum(1, { error: 'Credits per US dollar must be at least 1.' }),
      z.maximum(100_000, { error: 'Credits per US dollar can be at most 100000.' }),
    ),
});

/** A price in cents as credits at `creditsPerUSD`, rounded up so a credit price never undercuts the dollar one. */
export function creditsForCents(cents: number, creditsPerUSD: number): number {
  return Math.ceil((cents * creditsPerUSD) / 100);
}

export const merchVarietySchema = z.object({
  varietyID: z.string(),
  varietyName: z.string(),
  /** Units left to order now (reservations already taken out). */
  stock: z.int(),
});

export const merchProductSchema = z.object({
  productID: z.string(),
  name: z.string(),
  description: z.string(),
  isDigitalDouble: z.boolean(),
  /** US cents. */
  price: z.int(),
  /** The same price in credits (config/merch). */
  priceCredits: z.int(),
  images: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })),
  varieties: z.array(merchVarietySchema),
  /** The drop that opens this product, or null when it is on sale whenever it is Active. */
  dropID: z.nullable(z.string()),
  /** True when it can be ordered now: its drop (if any) is open and some variety has stock. */
  orderable: z.boolean(),
  soldOut: z.boolean(),
});
export type MerchProduct = z.infer<typeof merchProductSchema>;

/** A merch drop {dropID, name, opensAt, products} (docs/product.md §3.16 merch-drops). */
export const merchDropSchema = z.object({
  dropID: z.string(),
  name: z.string(),
  opensAt: z.string(),
  /** Product ids, in the order the drop shows them. */
  products: z.array(z.string()),
});
export type MerchDrop = z.infer<typeof merchDropSchema>;

export const shopMerchDropSchema = z.extend(merchDropSchema, {
  open: z.boolean(),
  /** Open, and none of its products has stock left. */
  soldOut: z.boolean(),
});
export type ShopMerchDrop = z.infer<typeof shopMerchDropSchema>;

export const MERCH_PAYMENT_METHODS = ['credits', 'paypal', 'stripe'] as const;
export type MerchPaymentMethod = (typeof MERCH_PAYMENT_METHODS)[number];

/** GET /api/shop/merch: what is on sale, the drops, and which payment methods are on here. */
export const merchCatalogueSchema = z.object({
  /** The server's clock, so a countdown does not trust the device's. */
  now: z.string(),
  products: z.array(merchProductSchema),
  drops: z.array(shopMerchDropSchema),
  payments: z.object({
    credits: z.literal(true),
    /** PayPal's client id for its JS buttons; null when PayPal is off. */
    paypalClientId: z.nullable(z.string()),
    /** Stripe Checkout (cards, and Apple Pay and Google Pay where Stripe offers them). */
    stripe: z.boolean(),
  }),
  creditsPerUSD: z.int(),
});
export type MerchCatalogue = z.infer<typeof merchCatalogueSchema>;

/* ------------------------------------------------------------------ orders */

/**
 * An order's life: reserved (stock held, awaiting payment) → paid → packed → shipped; a reservation
 * not paid in time expires, or the player cancels it, and its stock returns. A payment that
 * arrives after its reservation lapsed and its stock sold is refund-due until the back office
 * refunds it; any paid order may be refunded.
 */
export const MERCH_ORDER_STATUSES = [
  'reserved',
  'paid',
  'packed',
  'shipped',
  'expired',
  'cancelled',
  'refund-due',
  'refunded',
] as const;
export type MerchOrderStatus = (typeof MERCH_ORDER_STATUSES)[number];
export const MERCH_ORDER_STATUS_LABELS: Record<MerchOrderStatus, string> = {
  reserved: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  expired: 'Expired (not paid in time)',
  cancelled: 'Cancelled',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
};
/** Orders whose money is in: the back office packs, ships and refunds these. */
export const PAID_MERCH_STATUSES = ['paid', 'packed', 'shipped', 'refund-due'] as const satisfies MerchOrderStatus[];
/** Orders sold: paid and going out (a refund-due order never took its stock, and owes the money back). */
export const SOLD_MERCH_STATUSES = ['paid', 'packed', 'shipped'] as const satisfies MerchOrderStatus[];

const merchIdSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .check(z.trim(), z.minLength(1, { error: `${label} is required.` }), z.maxLength(100));

export const merchOrderLineInputSchema = z.object({
  productID: merchIdSchema('productID'),
  varietyID: z.pipe(
    merchIdSchema('varietyID'),
    z.transform((id) => id.toLowerCase()),
  ),
  quantity: z
    .int({ error: 'Quantity must be a whole number.' })
    .check(
      z.minimum(1, { error: 'Quantity must be at least 1.' }),
      z.maximum(MERCH_MAX_LINE_QUANTITY, { error: `At most ${MERCH_MAX_LINE_QUANTITY} of one variety per order.` }),
    ),
});

/** POST /api/shop/merch/orders: what the player orders and how they pay; prices are always Outpost's. */
export const createMerchOrderInputSchema = z.object({
  lines: z.array(merchOrderLineInputSchema, { error: 'An order needs at least one item.' }).check(
    z.minLength(1, { error: 'An order needs at least one item.' }),
    z.maxLength(MERCH_MAX_LINES, { error: `An order can have at most ${MERCH_MAX_LINES} lines.` }),
    z.refine((lines) => new Set(lines.map((line) => `${line.productID}\n${line.varietyID}`)).size === lines.length, {
      error: 'Each variety may appear on one line only; raise its quantity instead.',
    }),
  ),
  payment: z.enum(MERCH_PAYMENT_METHODS, { error: 'Pay in credits, with PayPal or by card (stripe).' }),
});
export type CreateMerchOrderInput = z.input<typeof createMerchOrderInputSchema>;

export const merchOrderLineSchema = z.object({
  productID: z.string(),
  varietyID: z.string(),
  productName: z.string(),
  varietyName: z.string(),
  quantity: z.int(),
  /** US cents, Outpost's price when the order was placed. */
  unitPrice: z.int(),
});
export type MerchOrderLine = z.infer<typeof merchOrderLineSchema>;

/** Where the order ships, as the order profile said when it was placed. */
export const merchShippingSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  countryCode: z.string(),
  cut: z.string(),
  sizes: z.object({ shirtSize: z.string(), hoodieSize: z.string(), pantSize: z.string(), shoeSize: z.string() }),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    zipcode: z.string(),
    country: z.string(),
  }),
});
export type MerchShipping = z.infer<typeof merchShippingSchema>;

/** A merch order (docs/product.md §3.16 merch-order-v2 {orderID, userID, orderTime, lines, total, status, payment}). */
export const merchOrderSchema = z.object({
  orderID: z.string(),
  /** The order's short number, what players and staff call it by (#1047; short-numbers.ts). */
  orderNumber: z.int(),
  userID: z.string(),
  /** ISO 8601, UTC: when the order was placed. */
  orderTime: z.string(),
  lines: z.array(merchOrderLineSchema),
  /** US cents. */
  total: z.int(),
  /** What it costs in credits when paid in credits; null otherwise. */
  totalCredits: z.nullable(z.int()),
  status: z.enum(MERCH_ORDER_STATUSES),
  payment: z.enum(MERCH_PAYMENT_METHODS),
  /** Until when the stock is held for a reserved order. */
  reservedUntil: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  packedAt: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  trackingReference: z.nullable(z.string()),
  /** US cents (or, for an order paid in credits, the cents its refunded credits were worth). */
  refundedCents: z.int(),
  /** PayPal's order id, which the PayPal buttons approve. */
  paypalOrderID: z.nullable(z.string()),
  /** Stripe Checkout's page for a card payment still to be made. */
  checkoutUrl: z.nullable(z.string()),
  shipping: merchShippingSchema,
});
export type MerchOrder = z.infer<typeof merchOrderSchema>;

export const merchOrderParamsSchema = z.object({ orderID: merchIdSchema('orderID') });

/** GET /api/account/orders: the player's merch orders, newest first. */
export const accountOrdersQuerySchema = adminListQuerySchema(['orderTime'] as const, {});
export const merchOrderPageSchema = adminListPageSchema(merchOrderSchema);

/** What process-direct-transaction and process-paypal-order answer for a merch order. */
export const merchPaymentResultSchema = z.object({
  order: merchOrderSchema,
  /** The player's credits after a payment in credits. */
  balance: z.int(),
});
export type MerchPaymentResult = z.infer<typeof merchPaymentResultSchema>;

/* ------------------------------------------------------------------ drops and their subscriptions */

/** GET /api/fn/subscribe-to-drop?drop=&email= (docs/product.md §7.1, bearer, answers text). */
export const subscribeToDropQuerySchema = z.object({
  drop: merchIdSchema('drop'),
  email: z
    .string({ error: 'Enter the email address to tell when the drop opens.' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.email({ error: 'Enter the email address to tell when the drop opens.' }),
      z.maxLength(254),
    ),
});

const DROP_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
const dropIdSchema = z
  .string({ error: 'A drop ID is required.' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'A drop ID is required.' }),
    z.maxLength(64, { error: 'Drop IDs can be at most 64 characters.' }),
    z.regex(DROP_ID_PATTERN, { error: "Drop IDs may use lower-case letters, digits, '-' and '_'." }),
  );

const dropFields = {
  name: requiredField('A name', 120),
  opensAt: z.string({ error: 'Opens at must be a date and time.' }).check(
    z.iso.datetime({ offset: true, error: 'Opens at must be a date and time.' }),
    z.overwrite((text) => {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }),
  ),
  products: z.array(merchIdSchema('A product ID')).check(
    z.minLength(1, { error: 'A drop needs at least one product.' }),
    z.maxLength(100, { error: 'A drop can have at most 100 products.' }),
    z.refine((ids) => new Set(ids).size === ids.length, { error: 'Each product may be in the drop once.' }),
  ),
};
export const merchDropInputSchema = z.object(dropFields);
export type MerchDropInput = z.input<typeof merchDropInputSchema>;
export const createMerchDropInputSchema = z.object({ dropID: dropIdSchema, ...dropFields });
export type CreateMerchDropInput = z.input<typeof createMerchDropInputSchema>;
export const merchDropParamsSchema = z.object({ env: environmentSchema, dropID: z.string() });
export const merchDropListQuerySchema = adminListQuerySchema(['opensAt', 'dropID', 'name'] as const, {});
export const merchDropAdminSchema = z.extend(merchDropSchema, {
  /** The products of `products`, named, in the same order: what staff read instead of the ids. */
  namedProducts: z.array(z.object({ productID: z.string(), name: z.string() })),
  /** Addresses waiting to be told it opened, and those already told. */
  subscribers: z.int(),
  notified: z.int(),
});
export type MerchDropAdmin = z.infer<typeof merchDropAdminSchema>;
export const merchDropListPageSchema = adminListPageSchema(merchDropAdminSchema);

/* ------------------------------------------------------------------ the merch contact form */

/** POST /api/shop/merch/contact (docs/product.md §3.14 Merch contact). */
export const merchContactInputSchema = z.object({
  email: z
    .string({ error: 'Enter the email address we should answer.' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.email({ error: 'Enter the email address we should answer.' }),
      z.maxLength(254),
    ),
  name: requiredField('Your name', 100),
  subject: requiredField('A subject', 150),
  message: z
    .string({ error: 'Write your message.' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Write your message.' }),
      z.maxLength(5000, { error: 'Messages can be at most 5000 characters.' }),
    ),
});
export type MerchContactInput = z.input<typeof merchContactInputSchema>;

export const merchContactSchema = z.object({
  contactID: z.int(),
  email: z.string(),
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The signed-in player who wrote it, if any (docs/product.md §3.14: optional). */
  userID: z.nullable(z.string()),
});
export type MerchContact = z.infer<typeof merchContactSchema>;
export const merchContactListQuerySchema = adminListQuerySchema(['createdAt'] as const, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
/** A message as the back office lists it: the signed-in player who wrote it named, if any. */
export const adminMerchContactSchema = z.extend(merchContactSchema, { player: z.nullable(personSchema) });
export type AdminMerchContact = z.infer<typeof adminMerchContactSchema>;
export const merchContactListPageSchema = adminListPageSchema(adminMerchContactSchema);

/* ------------------------------------------------------------------ the back office */

export const merchOrderListQuerySchema = adminListQuerySchema(['orderTime', 'total', 'status'] as const, {
  status: z.optional(
    z.enum(MERCH_ORDER_STATUSES, { error: `status must be one of ${MERCH_ORDER_STATUSES.join(', ')}.` }),
  ),
  payment: z.optional(
    z.enum(MERCH_PAYMENT_METHODS, { error: `payment must be one of ${MERCH_PAYMENT_METHODS.join(', ')}.` }),
  ),
  /** An order's number or id, a player id, a name or an email of the shipping details. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type MerchOrderListQuery = z.infer<typeof merchOrderListQuerySchema>;
/** A row of GET /api/admin/:env/merch/orders: the order and its buyer (the account of `userID`), named. */
export const adminMerchOrderRowSchema = z.extend(merchOrderSchema, { buyer: personSchema });
export type AdminMerchOrderRow = z.infer<typeof adminMerchOrderRowSchema>;
export const adminMerchOrderPageSchema = adminListPageSchema(adminMerchOrderRowSchema);
export const adminMerchOrderParamsSchema = z.object({ env: environmentSchema, orderID: merchIdSchema('orderID') });

/** PUT /api/admin/:env/merch/orders/:orderID/fulfilment: packed, or shipped with the carrier's reference, from the version loaded. */
export const merchFulfilmentInputSchema = z
  .object({
    status: z.enum(['packed', 'shipped'], { error: 'Mark an order packed or shipped.' }),
    trackingReference: z._default(
      z.string().check(z.trim(), z.maxLength(120, { error: 'Tracking references can be at most 120 characters.' })),
      '',
    ),
    /** The order's version the screen loaded: a change over someone else's newer one is refused. */
    version: z.int({ error: 'version is required.' }).check(z.positive()),
  })
  .check(
    z.refine((input) => input.status !== 'shipped' || input.trackingReference !== '', {
      error: MERCH_MESSAGES.trackingRequired,
      path: ['trackingReference'],
    }),
  );
export type MerchFulfilmentInput = z.input<typeof merchFulfilmentInputSchema>;

/** A refund recorded against an order: money back through its payment method, or credits back. */
export const merchRefundSchema = z.object({
  refundID: z.int(),
  orderID: z.string(),
  /** US cents. */
  amountCents: z.int(),
  /** Credits returned to the player, for an order paid in credits. */
  credits: z.nullable(z.int()),
  reason: z.string(),
  /** The payment provider's refund id, or null for credits and while the provider is asked. */
  providerReference: z.nullable(z.string()),
  /** pending while the provider is asked (a crash then leaves it pending: check the provider); done once made. */
  status: z.enum(['pending', 'done']),
  admin: z.string(),
  createdAt: z.string(),
});
export type MerchRefund = z.infer<typeof merchRefundSchema>;

/** POST /api/admin/:env/merch/orders/:orderID/refunds */
export const merchRefundInputSchema = z.object({
  amountCents: z
    .int({ error: 'The refund is a whole number of cents.' })
    .check(z.minimum(1, { error: 'A refund is at least 1 cent.' })),
  reason: requiredField('A reason', 500),
});
export type MerchRefundInput = z.input<typeof merchRefundInputSchema>;

/** A refund as the back office shows it: the admin who made it named. */
export const adminMerchRefundSchema = z.extend(merchRefundSchema, { refundedBy: personSchema });
export type AdminMerchRefund = z.infer<typeof adminMerchRefundSchema>;

/** GET /api/admin/:env/merch/orders/:orderID: the order with its refunds and the buyer's account. */
export const adminMerchOrderSchema = z.extend(merchOrderSchema, {
  /** The account of `userID`, named. */
  buyer: personSchema,
  refunds: z.array(adminMerchRefundSchema),
  /** The version the fulfilment screen loaded; bumped by every change of the order. */
  version: z.int(),
});
export type AdminMerchOrder = z.infer<typeof adminMerchOrderSchema>;

/** A row of the ecom-products listing (docs/product.md §3.16): each variety on sale, its Stripe id, stock and sales. */
export const ecomProductSchema = z.object({
  productID: z.string(),
  name: z.string(),
  status: z.int(),
  varietyID: z.string(),
  varietyName: z.string(),
  stripeID: z.string(),
  /** US cents. */
  price: z.int(),
  stock: z.int(),
  /** Units held by reservations waiting for payment. */
  reserved: z.int(),
  /** Units in paid orders (packed and shipped included, refunded excluded). */
  sold: z.int(),
  dropID: z.nullable(z.string()),
});
export type EcomProduct = z.infer<typeof ecomProductSchema>;
export const ecomProductListQuerySchema = adminListQuerySchema(
  ['name', 'sold', 'stock'] as const,
  {
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  },
  'asc',
);
export const ecomProductListPageSchema = adminListPageSchema(ecomProductSchema);
