import type { Environment } from '@outpost/contracts/environments';
import { paypalTransactionListPageSchema } from '@outpost/contracts/shop';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/paypal-transactions: every PayPal outcome recorded, newest first. */
export function getPayPalTransactions(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/paypal-transactions?${adminListSearchParams(query)}`,
    paypalTransactionListPageSchema,
  );
}
