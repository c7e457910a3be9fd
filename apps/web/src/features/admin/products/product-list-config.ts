import { PRODUCT_STATUS_LABELS, type ProductSummary } from '@outpost/contracts/products';
import { type AdminListFilter, type ListConfig, listConfig } from '../../../components/admin-list/list-view';

/*
 * The product list's declaration, shared by its two views (cards and table), so both read and
 * write the same view in the URL and share one cache of pages.
 */

export const PRODUCT_SORTABLE = ['updatedAt', 'name', 'productID', 'price', 'status'] as const;
export type ProductSort = (typeof PRODUCT_SORTABLE)[number];

export const PRODUCT_FILTERS: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name or ID.' },
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    allLabel: 'Any status',
    options: Object.entries(PRODUCT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    kind: 'select',
    param: 'digitalDouble',
    label: 'Is Digital Double?',
    allLabel: 'Either',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];

/** The table view's page sizes, the AdminList default; cards use the same so switching keeps the page. */
export const PRODUCT_PAGE_SIZES: readonly number[] = [12, 24, 48, 96];

export const PRODUCT_LIST_CONFIG: ListConfig<ProductSort> = listConfig({
  sortable: PRODUCT_SORTABLE,
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  pageSizes: PRODUCT_PAGE_SIZES,
  defaultPageSize: 24,
  filters: PRODUCT_FILTERS,
});

/** The cards' sort choices: every sortable key in both directions, named for what it does. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, { asc: string; desc: string }> = {
  updatedAt: { desc: 'Recently changed first', asc: 'Least recently changed first' },
  name: { asc: 'Name, A to Z', desc: 'Name, Z to A' },
  productID: { asc: 'ID, A to Z', desc: 'ID, Z to A' },
  price: { asc: 'Price, low to high', desc: 'Price, high to low' },
  status: { asc: 'Status, Inactive first', desc: 'Status, Archived first' },
};

/** The list's two views; cards unless the URL says `view=table`. */
export type ProductListView = 'cards' | 'table';
export const VIEW_PARAM = 'view';

export function productListView(params: URLSearchParams): ProductListView {
  return params.get(VIEW_PARAM) === 'table' ? 'table' : 'cards';
}

/** The card (docs/product.md §2.10): 'Is Digital Double?' answers Yes or No. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const statusLabel = (product: Pick<ProductSummary, 'status'>) => PRODUCT_STATUS_LABELS[product.status];
