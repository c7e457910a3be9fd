import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Capability } from '@outpost/contracts/permissions';
import { ROUTES } from '@outpost/contracts/routes';
import { BROUGHT_CONFIGURATION_LINKS } from '../../app/brought-screens';
import { type LogTab, logTabFromParams, logTabPath } from './log-tab';

/** The back office's areas, in the side navigation's order. */
export const ADMIN_AREAS = [
  'Players and moderation',
  'Economy',
  'Merch',
  'Story',
  'Programmes',
  'Game',
  'Messaging',
  'System',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** One page of an area: where it is, its name, and the capability without which its screen only refuses. */
export interface AdminNavLink {
  to: string;
  label: string;
  area: AdminArea;
  capability?: Capability;
  /** For pages that are tabs of one address: whether this one is on screen, given the query. */
  currentWith?: (params: URLSearchParams) => boolean;
}

const onLogTab = (tab: LogTab) => (params: URLSearchParams) => logTabFromParams(params) === tab;

const OWN_LINKS: readonly AdminNavLink[] = [
  { to: ROUTES.adminModeration, label: 'Moderation hub', area: 'Players and moderation' },
  { to: ADMIN_ROUTES.adminUsers, label: 'Players', area: 'Players and moderation' },
  { to: ADMIN_ROUTES.adminReports, label: 'Reports', area: 'Players and moderation' },
  { to: ADMIN_ROUTES.adminFeedback, label: 'Feedback', area: 'Players and moderation' },
  { to: ADMIN_ROUTES.adminProducts, label: 'Products', area: 'Economy' },
  { to: ADMIN_ROUTES.adminItems, label: 'Items', area: 'Economy' },
  { to: ADMIN_ROUTES.adminPurchasables, label: 'Purchasables', area: 'Economy' },
  { to: ADMIN_ROUTES.adminShopPacks, label: 'Credit packs', area: 'Economy' },
  { to: ADMIN_ROUTES.adminShopMachines, label: 'Machines', area: 'Economy' },
  { to: ADMIN_ROUTES.adminShopDrops, label: 'Drops', area: 'Economy' },
  { to: ADMIN_ROUTES.adminShopSettings, label: 'Shop settings', area: 'Economy' },
  { to: ADMIN_ROUTES.adminShopPayPalTransactions, label: 'PayPal transactions', area: 'Economy' },
  { to: ADMIN_ROUTES.adminClaimCodes, label: 'Redemption codes', area: 'Economy' },
  { to: ADMIN_ROUTES.adminRewards, label: 'Rewards', area: 'Economy', capability: 'distributeRewards' },
  { to: ADMIN_ROUTES.adminMerchOrders, label: 'Merch orders', area: 'Merch' },
  { to: ADMIN_ROUTES.adminMerchDrops, label: 'Merch drops', area: 'Merch' },
  { to: ADMIN_ROUTES.adminMerchContacts, label: 'Contact messages', area: 'Merch' },
  { to: ADMIN_ROUTES.adminMerchProducts, label: 'Ecom products', area: 'Merch' },
  { to: ADMIN_ROUTES.adminMerchSettings, label: 'Merch settings', area: 'Merch' },
  { to: ROUTES.storyAdmin, label: 'Theater', area: 'Story' },
  { to: ADMIN_ROUTES.adminBetaRequests, label: 'Beta requests', area: 'Programmes' },
  { to: ADMIN_ROUTES.adminBetaInvites, label: 'Beta invites', area: 'Programmes' },
  { to: ADMIN_ROUTES.adminBetaObjectives, label: 'Testing objectives', area: 'Programmes' },
  { to: ADMIN_ROUTES.adminBetaSettings, label: 'Beta settings', area: 'Programmes' },
  { to: ADMIN_ROUTES.adminPartners, label: 'Partners', area: 'Programmes', capability: 'managePartners' },
  {
    to: ADMIN_ROUTES.adminPartnerInvites,
    label: 'Partner invites',
    area: 'Programmes',
    capability: 'managePartners',
  },
  {
    to: ADMIN_ROUTES.adminReferralRewards,
    label: 'Referral rewards',
    area: 'Programmes',
    capability: 'managePartners',
  },
  {
    to: ADMIN_ROUTES.adminPartnerSettings,
    label: 'Partner settings',
    area: 'Programmes',
    capability: 'managePartners',
  },
  { to: ADMIN_ROUTES.adminLive, label: 'Live stats', area: 'Game', capability: 'viewLiveStats' },
  { to: ADMIN_ROUTES.adminIngestKeys, label: 'Game server keys', area: 'Game', capability: 'manageIngestKeys' },
  { to: ADMIN_ROUTES.adminPush, label: 'Push notifications', area: 'Messaging', capability: 'sendPush' },
  { to: ADMIN_ROUTES.adminLog, label: 'Admin log', area: 'System', currentWith: onLogTab('admin-log') },
  {
    to: logTabPath('jobs'),
    label: 'Background jobs',
    area: 'System',
    capability: 'viewJobs',
    currentWith: onLogTab('jobs'),
  },
  { to: ROUTES.adminConfiguration, label: 'Configuration', area: 'System' },
];

/** Every page of the back office, the domains' own screens in their areas. */
export const ADMIN_NAV_LINKS: readonly AdminNavLink[] = [
  ...OWN_LINKS,
  ...BROUGHT_CONFIGURATION_LINKS.map(({ to, label, area }) => ({ to, label, area })),
];

/** The areas with the pages a viewer may use, in order, but for the `omit`ted; an area with none is left out. */
export function adminAreasFor(capabilities: Readonly<Record<Capability, boolean>>, omit: readonly string[] = []) {
  const shown = (link: AdminNavLink) =>
    !omit.includes(link.to) && (link.capability === undefined || capabilities[link.capability]);
  return ADMIN_AREAS.map((area) => ({
    area,
    links: ADMIN_NAV_LINKS.filter((link) => link.area === area && shown(link)),
  })).filter(({ links }) => links.length > 0);
}
