/**
 * The back office's own screens (the admin shell paths of docs/product.md §2.7, /admin, /admin/moderation and
 * /admin/configuration, stay in ROUTES). Kept apart from ROUTES, which the first visit downloads:
 * only the lazy admin screens, the server and the tests read these.
 */
export const ADMIN_ROUTES = {
  /** Moderation: reports, one report, feedback review and user search. */
  adminReports: '/admin/moderation/reports',
  adminReport: '/admin/moderation/reports/:reportID',
  adminFeedback: '/admin/moderation/feedback',
  adminUsers: '/admin/moderation/users',
  /** One player's page: profile, keys, figures, suspensions. */
  adminUser: '/admin/moderation/users/:userID',
  /** The beta programme's back office: requests, invites, testing objectives, beta-config. */
  adminBetaRequests: '/admin/beta/requests',
  adminBetaInvites: '/admin/beta/invites',
  adminBetaObjectives: '/admin/beta/objectives',
  adminBetaSettings: '/admin/beta/settings',
  /** Reward distribution (admins). */
  adminRewards: '/admin/rewards',
  /** The partner programme: partners, partner invites, referral-rewards, config/partners. */
  adminPartners: '/admin/partners/list',
  adminPartnerInvites: '/admin/partners/invites',
  adminReferralRewards: '/admin/partners/rewards',
  adminPartnerSettings: '/admin/partners/settings',
  /** The admin log of the selected environment. */
  adminLog: '/admin/log',
  adminProducts: '/admin/products/list',
  adminProductNew: '/admin/products/new',
  adminProduct: '/admin/products/:productID',
  /** items-master of the selected environment, and one item's page. */
  adminItems: '/admin/items/list',
  adminItemNew: '/admin/items/new',
  adminItem: '/admin/items/:itemID',
  /** What the game sells for credits, and one purchasable's page. */
  adminPurchasables: '/admin/purchasables/list',
  adminPurchasableNew: '/admin/purchasables/new',
  adminPurchasable: '/admin/purchasables/:purchasableID',
  /** The shop's back office: credit packs, machines with their prizes, drops, the opening date. */
  adminShopPacks: '/admin/shop/packs',
  adminShopPackNew: '/admin/shop/packs/new',
  adminShopPack: '/admin/shop/packs/:packID',
  adminShopMachines: '/admin/shop/machines',
  adminShopMachineNew: '/admin/shop/machines/new',
  adminShopMachine: '/admin/shop/machines/:machineID',
  adminShopDrops: '/admin/shop/drops',
  adminShopSettings: '/admin/shop/settings',
  adminShopPayPalTransactions: '/admin/shop/paypal-transactions',
  /** Redemption codes: the batches, a new batch, one batch and its codes. */
  adminClaimCodes: '/admin/codes/list',
  adminClaimCodeNew: '/admin/codes/new',
  adminClaimCodeBatch: '/admin/codes/:claimCodeID',
  /** The merch back office: orders, one order, drops, contact messages, ecom-products, settings. */
  adminMerchOrders: '/admin/merch/orders',
  adminMerchOrder: '/admin/merch/orders/:orderID',
  adminMerchDrops: '/admin/merch/drops',
  adminMerchContacts: '/admin/merch/contacts',
  adminMerchProducts: '/admin/merch/products',
  adminMerchSettings: '/admin/merch/settings',
  /** Live stats (docs/product.md §9.2): staff and admins. */
  adminLive: '/admin/live',
  /** The game servers' service keys of the selected environment: admins. */
  adminIngestKeys: '/admin/ingest-keys',
  /** Push notifications: compose, test, the history (admins). */
  adminPush: '/admin/push',
} as const;

/** One player's page in the moderation hub. */
export const adminUserPath = (userID: string) => ADMIN_ROUTES.adminUser.replace(':userID', encodeURIComponent(userID));

/** The edit screen of one product. */
export const adminProductPath = (productID: string) =>
  ADMIN_ROUTES.adminProduct.replace(':productID', encodeURIComponent(productID));

/** The page of one item of items-master. */
export const adminItemPath = (itemID: string) => ADMIN_ROUTES.adminItem.replace(':itemID', encodeURIComponent(itemID));

/** The page of one purchasable. */
export const adminPurchasablePath = (purchasableID: string) =>
  ADMIN_ROUTES.adminPurchasable.replace(':purchasableID', encodeURIComponent(purchasableID));

/** The edit screen of one credit pack. */
export const adminShopPackPath = (packID: string) =>
  ADMIN_ROUTES.adminShopPack.replace(':packID', encodeURIComponent(packID));

/** The edit screen of one machine and its prizes. */
export const adminShopMachinePath = (machineID: string) =>
  ADMIN_ROUTES.adminShopMachine.replace(':machineID', encodeURIComponent(machineID));

/** The fulfilment screen of one merch order. */
export const adminMerchOrderPath = (orderID: string) =>
  ADMIN_ROUTES.adminMerchOrder.replace(':orderID', encodeURIComponent(orderID));

/** The screen of one report. */
export const adminReportPath = (reportID: string) =>
  ADMIN_ROUTES.adminReport.replace(':reportID', encodeURIComponent(reportID));

/** The screen of one batch of redemption codes. */
export const adminClaimCodeBatchPath = (claimCodeID: string) =>
  ADMIN_ROUTES.adminClaimCodeBatch.replace(':claimCodeID', encodeURIComponent(claimCodeID));
