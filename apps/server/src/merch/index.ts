/* What the merch shop offers other domains: its newest orders, for the live stats. */
export { listRecentMerchOrders } from './admin-queries';
