import { ROUTES } from '@outpost/contracts/routes';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../components/route-error/route-error';
import { HomeScreen } from '../features/home/home-screen';
import { type LazyComponent, lazyComponent } from '../lib/lazy-component';
import type { RouteObject } from '../lib/router/router';

// Home ships in the entry chunk; every other screen is its own chunk.
const StoryLayout = lazyComponent(() => import('../features/story/story-layout'));
const TheaterHome = lazyComponent(() => import('../features/story/theater-home'));
const TheaterViewer = lazyComponent(() => import('../features/story/theater-viewer'));
const ShopScreen = lazyComponent(() => import('../features/shop/shop-screen'));
const AboutScreen = lazyComponent(() => import('../features/about/about-screen'));
const DownloadScreen = lazyComponent(() => import('../features/download/download-screen'));
const LoginScreen = lazyComponent(() => import('../features/login/login-screen'));
const AccountScreen = lazyComponent(() => import('../features/account/account-screen'));
const LegalScreen = lazyComponent(() => import('../features/legal/legal-screen'));
const NotFoundScreen = lazyComponent(() => import('../features/not-found/not-found-screen'));
const AdminLayout = lazyComponent(() => import('../features/admin/admin-layout'));
const TheaterAdmin = lazyComponent(() => import('../features/admin/theater/theater-admin'));
const AdminHome = lazyComponent(() => import('../features/admin/admin-home'));
const AdminModeration = lazyComponent(() => import('../features/admin/admin-moderation'));
const AdminConfiguration = lazyComponent(() => import('../features/admin/admin-configuration'));
const AdminLog = lazyComponent(() => import('../features/admin/admin-log'));
const ProductList = lazyComponent(() => import('../features/admin/products/product-list'));
const ProductNew = lazyComponent(() => import('../features/admin/products/product-new'));
const ProductEdit = lazyComponent(() => import('../features/admin/products/product-edit'));
const ShopPackList = lazyComponent(() => import('../features/admin/shop/pack-list'));
const ShopPackNew = lazyComponent(() => import('../features/admin/shop/pack-new'));
const ShopPackEdit = lazyComponent(() => import('../features/admin/shop/pack-edit'));
const ShopMachineList = lazyComponent(() => import('../features/admin/shop/machine-list'));
const ShopMachineNew = lazyComponent(() => import('../features/admin/shop/machine-new'));
const ShopMachineEdit = lazyComponent(() => import('../features/admin/shop/machine-edit'));
const ShopDropList = lazyComponent(() => import('../features/admin/shop/drop-list'));
const ShopSettings = lazyComponent(() => import('../features/admin/shop/shop-settings'));
const ShopPayPalTransactions = lazyComponent(() => import('../features/admin/shop/paypal-transaction-list'));
const ItemList = lazyComponent(() => import('../features/admin/items/item-list'));
const ItemNew = lazyComponent(() => import('../features/admin/items/item-new'));
const ItemEdit = lazyComponent(() => import('../features/admin/items/item-edit'));
const PurchasableList = lazyComponent(() => import('../features/admin/items/purchasable-list'));
const PurchasableNew = lazyComponent(() => import('../features/admin/items/purchasable-new'));
const PurchasableEdit = lazyComponent(() => import('../features/admin/items/purchasable-edit'));
const ClaimCodeList = lazyComponent(() => import('../features/admin/claim-codes/claim-code-list'));
const ClaimCodeNew = lazyComponent(() => import('../features/admin/claim-codes/claim-code-new'));
const ClaimCodeBatchScreen = lazyComponent(() => import('../features/admin/claim-codes/claim-code-batch'));
const MerchOrderList = lazyComponent(() => import('../features/admin/merch/merch-order-list'));
const MerchOrderEdit = lazyComponent(() => import('../features/admin/merch/merch-order-edit'));
const MerchDropList = lazyComponent(() => import('../features/admin/merch/merch-drop-list'));
const MerchContactList = lazyComponent(() => import('../features/admin/merch/merch-contact-list'));
const EcomProductList = lazyComponent(() => import('../features/admin/merch/ecom-product-list'));
const MerchSettings = lazyComponent(() => import('../features/admin/merch/merch-settings'));
const Invite = lazyComponent(() => import('../features/invite/invite-screen'));
const Referral = lazyComponent(() => import('../features/join/join-screen'));
const ReportList = lazyComponent(() => import('../features/admin/moderation/report-list'));
const ReportDetail = lazyComponent(() => import('../features/admin/moderation/report-detail'));
const FeedbackReview = lazyComponent(() => import('../features/admin/moderation/feedback-review'));
const UserSearch = lazyComponent(() => import('../features/admin/moderation/user-search'));
const AdminUserScreen = lazyComponent(() => import('../features/admin/moderation/admin-user'));
const BetaRequestList = lazyComponent(() => import('../features/admin/beta/beta-request-list'));
const BetaInviteList = lazyComponent(() => import('../features/admin/beta/invite-list'));
const ObjectiveList = lazyComponent(() => import('../features/admin/beta/objective-list'));
const BetaSettings = lazyComponent(() => import('../features/admin/beta/beta-settings'));
const RewardDistribution = lazyComponent(() => import('../features/admin/rewards/reward-distribution'));
const PartnerList = lazyComponent(() => import('../features/admin/partners/partner-list'));
const PartnerInviteList = lazyComponent(() => import('../features/admin/partners/partner-invite-list'));
const ReferralRewardList = lazyComponent(() => import('../features/admin/partners/referral-reward-list'));
const PartnerSettings = lazyComponent(() => import('../features/admin/partners/partner-settings'));

/** A route whose element is a lazy screen: the browser loads it before hydrating a prerendered page. */
function screen<Props extends object>(Screen: LazyComponent<Props>, props: NoInfer<Props>, route: RouteObject = {}) {
  return { ...route, element: <Screen {...props} />, preload: Screen.preload };
}

const homeRoute = { element: <HomeScreen />, errorElement: <RouteError /> };

/** The web app's routes (spec §2), built from the route table the server shares. */
export const routes: readonly RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...homeRoute },
      { path: ROUTES.homeIndexHtml, ...homeRoute },
      screen(
        StoryLayout,
        {},
        {
          path: ROUTES.story,
          children: [
            screen(TheaterHome, {}, { index: true }),
            // ROUTES.storyAdmin: the theater admin, inside the admin shell (its gate, environment and bar).
            screen(AdminLayout, {}, { path: 'admin', children: [screen(TheaterAdmin, {}, { index: true })] }),
            screen(TheaterViewer, {}, { path: ':episodeID' }),
          ],
        },
      ),
      screen(ShopScreen, {}, { path: ROUTES.shop }),
      screen(AboutScreen, {}, { path: ROUTES.about }),
      screen(DownloadScreen, {}, { path: ROUTES.download }),
      screen(LoginScreen, {}, { path: ROUTES.login }),
      screen(AccountScreen, {}, { path: ROUTES.account }),
      screen(Invite, {}, { path: ROUTES.invite }),
      screen(Referral, {}, { path: ROUTES.referral }),
      screen(LegalScreen, { type: 'privacy' }, { path: ROUTES.privacy }),
      screen(LegalScreen, { type: 'terms' }, { path: ROUTES.terms }),
      screen(
        AdminLayout,
        {},
        {
          // Spec §2's admin shell; child routes match ROUTES.adminModeration and ROUTES.adminConfiguration.
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
          ],
        },
      ),
      screen(NotFoundScreen, {}, { path: '*' }),
    ],
  },
];
