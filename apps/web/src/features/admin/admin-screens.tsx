import { ROUTES } from '@outpost/contracts/routes';
import { BROUGHT_ADMIN_ROUTES } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';
import { type RouteObject, Routes } from '../../lib/router/router';

/*
 * The back office's screens, one route table loaded with the first admin page: the entry chunk
 * holds only the admin shell's line (docs/decisions/0109-route-tables-and-the-first-visit.md), so a new
 * admin screen costs the first visit nothing.
 */
const AdminNotFound = lazyComponent(() => import('./admin-not-found'));
const AdminHome = lazyComponent(() => import('./admin-home'));
const AdminModeration = lazyComponent(() => import('./admin-moderation'));
const AdminConfiguration = lazyComponent(() => import('./admin-configuration'));
const AdminLog = lazyComponent(() => import('./admin-log/admin-log-screen'));
const ProductList = lazyComponent(() => import('./products/product-list'));
const ProductNew = lazyComponent(() => import('./products/product-new'));
const ProductEdit = lazyComponent(() => import('./products/product-edit'));
const ShopPackList = lazyComponent(() => import('./shop/pack-list'));
const ShopPackNew = lazyComponent(() => import('./shop/pack-new'));
const ShopPackEdit = lazyComponent(() => import('./shop/pack-edit'));
const ShopMachineList = lazyComponent(() => import('./shop/machine-list'));
const ShopMachineNew = lazyComponent(() => import('./shop/machine-new'));
const ShopMachineEdit = lazyComponent(() => import('./shop/machine-edit'));
const ShopDropList = lazyComponent(() => import('./shop/drop-list'));
const ShopSettings = lazyComponent(() => import('./shop/shop-settings'));
const ShopPayPalTransactions = lazyComponent(() => import('./shop/paypal-transaction-list'));
const ItemList = lazyComponent(() => import('./items/item-list'));
const ItemNew = lazyComponent(() => import('./items/item-new'));
const ItemEdit = lazyComponent(() => import('./items/item-edit'));
const PurchasableList = lazyComponent(() => import('./items/purchasable-list'));
const PurchasableNew = lazyComponent(() => import('./items/purchasable-new'));
const PurchasableEdit = lazyComponent(() => import('./items/purchasable-edit'));
const ClaimCodeList = lazyComponent(() => import('./claim-codes/claim-code-list'));
const ClaimCodeNew = lazyComponent(() => import('./claim-codes/claim-code-new'));
const ClaimCodeBatchScreen = lazyComponent(() => import('./claim-codes/claim-code-batch'));
const MerchOrderList = lazyComponent(() => import('./merch/merch-order-list'));
const MerchOrderEdit = lazyComponent(() => import('./merch/merch-order-edit'));
const MerchDropList = lazyComponent(() => import('./merch/merch-drop-list'));
const MerchContactList = lazyComponent(() => import('./merch/merch-contact-list'));
const EcomProductList = lazyComponent(() => import('./merch/ecom-product-list'));
const MerchSettings = lazyComponent(() => import('./merch/merch-settings'));
const ReportList = lazyComponent(() => import('./moderation/report-list'));
const ReportDetail = lazyComponent(() => import('./moderation/report-detail'));
const FeedbackReview = lazyComponent(() => import('./moderation/feedback-review'));
const UserSearch = lazyComponent(() => import('./moderation/user-search'));
const AdminUserScreen = lazyComponent(() => import('./moderation/admin-user'));
const BetaRequestList = lazyComponent(() => import('./beta/beta-request-list'));
const BetaInviteList = lazyComponent(() => import('./beta/invite-list'));
const ObjectiveList = lazyComponent(() => import('./beta/objective-list'));
const BetaSettings = lazyComponent(() => import('./beta/beta-settings'));
const RewardDistribution = lazyComponent(() => import('./rewards/reward-distribution'));
const PartnerList = lazyComponent(() => import('./partners/partner-list'));
const PartnerInviteList = lazyComponent(() => import('./partners/partner-invite-list'));
const ReferralRewardList = lazyComponent(() => import('./partners/referral-reward-list'));
const PartnerSettings = lazyComponent(() => import('./partners/partner-settings'));
const LiveStatsScreen = lazyComponent(() => import('./live/live-stats'));
const IngestKeys = lazyComponent(() => import('./live/ingest-keys'));
const PushScreen = lazyComponent(() => import('./push/push-screen'));

/** Matched against the whole path, below the admin shell (AdminLayout) the entry's table renders. */
export const adminScreens: readonly RouteObject[] = [
  {
    // The admin shell (docs/product.md §2.8); child routes match ROUTES.adminModeration and ROUTES.adminConfiguration.
    path: ROUTES.adminHome,
    children: [
      screen(AdminHome, {}, { index: true }),
      screen(AdminModeration, {}, { path: 'moderation' }),
      screen(AdminConfiguration, {}, { path: 'configuration' }),
      screen(AdminLog, {}, { path: 'log' }),
      // ADMIN_ROUTES.adminProducts, adminProductNew and adminProduct; 'list' and 'new' come before ':productID'.
      screen(ProductList, {}, { path: 'products/list' }),
      screen(ProductNew, {}, { path: 'products/new' }),
      screen(ProductEdit, {}, { path: 'products/:productID' }),
      // ADMIN_ROUTES.adminShopPacks…adminShopSettings; 'new' comes before the ID.
      screen(ShopPackList, {}, { path: 'shop/packs' }),
      screen(ShopPackNew, {}, { path: 'shop/packs/new' }),
      screen(ShopPackEdit, {}, { path: 'shop/packs/:packID' }),
      screen(ShopMachineList, {}, { path: 'shop/machines' }),
      screen(ShopMachineNew, {}, { path: 'shop/machines/new' }),
      screen(ShopMachineEdit, {}, { path: 'shop/machines/:machineID' }),
      screen(ShopDropList, {}, { path: 'shop/drops' }),
      screen(ShopSettings, {}, { path: 'shop/settings' }),
      screen(ShopPayPalTransactions, {}, { path: 'shop/paypal-transactions' }),
      // ADMIN_ROUTES.adminItems…adminPurchasable; 'list' and 'new' come before the ID.
      screen(ItemList, {}, { path: 'items/list' }),
      screen(ItemNew, {}, { path: 'items/new' }),
      screen(ItemEdit, {}, { path: 'items/:itemID' }),
      screen(PurchasableList, {}, { path: 'purchasables/list' }),
      screen(PurchasableNew, {}, { path: 'purchasables/new' }),
      screen(PurchasableEdit, {}, { path: 'purchasables/:purchasableID' }),
      // ADMIN_ROUTES.adminClaimCodes, adminClaimCodeNew and adminClaimCodeBatch; 'list' and 'new' first.
      screen(ClaimCodeList, {}, { path: 'codes/list' }),
      screen(ClaimCodeNew, {}, { path: 'codes/new' }),
      screen(ClaimCodeBatchScreen, {}, { path: 'codes/:claimCodeID' }),
      // ADMIN_ROUTES.adminMerchOrders…adminMerchSettings: the merch back office.
      screen(MerchOrderList, {}, { path: 'merch/orders' }),
      screen(MerchOrderEdit, {}, { path: 'merch/orders/:orderID' }),
      screen(MerchDropList, {}, { path: 'merch/drops' }),
      screen(MerchContactList, {}, { path: 'merch/contacts' }),
      screen(EcomProductList, {}, { path: 'merch/products' }),
      screen(MerchSettings, {}, { path: 'merch/settings' }),
      // ADMIN_ROUTES.adminReports…adminUser: moderation.
      screen(ReportList, {}, { path: 'moderation/reports' }),
      screen(ReportDetail, {}, { path: 'moderation/reports/:reportID' }),
      screen(FeedbackReview, {}, { path: 'moderation/feedback' }),
      screen(UserSearch, {}, { path: 'moderation/users' }),
      screen(AdminUserScreen, {}, { path: 'moderation/users/:userID' }),
      // ADMIN_ROUTES.adminBetaRequests…adminBetaSettings and adminRewards.
      screen(BetaRequestList, {}, { path: 'beta/requests' }),
      screen(BetaInviteList, {}, { path: 'beta/invites' }),
      screen(ObjectiveList, {}, { path: 'beta/objectives' }),
      screen(BetaSettings, {}, { path: 'beta/settings' }),
      screen(RewardDistribution, {}, { path: 'rewards' }),
      // ADMIN_ROUTES.adminPartners…adminPartnerSettings: the partner programme.
      screen(PartnerList, {}, { path: 'partners/list' }),
      screen(PartnerInviteList, {}, { path: 'partners/invites' }),
      screen(ReferralRewardList, {}, { path: 'partners/rewards' }),
      screen(PartnerSettings, {}, { path: 'partners/settings' }),
      // ADMIN_ROUTES.adminLive and adminIngestKeys: the game, live, and the keys its servers report with.
      screen(LiveStatsScreen, {}, { path: 'live' }),
      screen(IngestKeys, {}, { path: 'ingest-keys' }),
      // ADMIN_ROUTES.adminPush: push notifications.
      screen(PushScreen, {}, { path: 'push' }),
      // The screens of the domains that bring their own (app/domain-screens.ts).
      ...BROUGHT_ADMIN_ROUTES,
      screen(AdminNotFound, {}, { path: '*' }),
    ],
  },
];

export default function AdminScreens() {
  return <Routes routes={adminScreens} />;
}
