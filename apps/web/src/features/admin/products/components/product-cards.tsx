import { adminProductPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { centsToDollars, PRODUCT_MESSAGES, type ProductSummary } from '@outpost/contracts/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { FilterForm } from '../../../../components/admin-list/filter-form';
import { toQuery } from '../../../../components/admin-list/list-view';
import { Pagination } from '../../../../components/admin-list/pagination';
import { useListView } from '../../../../components/admin-list/use-list-view';
import formStyles from '../../../../components/form/form.module.css';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { getProducts, productsQueryKey } from '../api/get-products';
import {
  PRODUCT_LIST_CONFIG,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTABLE,
  statusLabel,
  yesNo,
} from '../product-list-config';
import styles from '../products.module.css';

const LABEL = 'Products';
const count = new Intl.NumberFormat('en-US');

/**
 * The grid of product cards (docs/product.md §2.10). It is the admin list's other view: the same protocol, the
 * same view in the URL (filters, sort, page) and the same cached pages as the table, drawn with
 * the admin list's own filter form and pagination.
 */
export function ProductCards({ environment }: { environment: Environment }) {
  const { view, setPage, setPageSize, setSort, setFilters } = useListView(PRODUCT_LIST_CONFIG);
  const query = useMemo(() => toQuery(view, PRODUCT_LIST_CONFIG), [view]);
  const result = useQuery({
    queryKey: [...productsQueryKey(environment), 'list', query],
    queryFn: () => getProducts(environment, query),
    placeholderData: keepPreviousData,
  });
  const page = result.data;
  const pageCount = Math.max(1, Math.ceil((page?.total ?? 0) / view.pageSize));
  const pastTheEnd = page !== undefined && !result.isPlaceholderData && view.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, setPage]);
  const sortId = useId();

  return (
    <div className={styles.cardsView} aria-busy={result.isFetching}>
      <FilterForm label={LABEL} filters={PRODUCT_LIST_CONFIG.filters} values={view.filters} onApply={setFilters} />
      <div className={adminStyles.toolbar}>
        <p role="status" className={adminStyles.note}>
          {page && `${count.format(page.total)} ${page.total === 1 ? 'product' : 'products'}`}
        </p>
        <div className={styles.sort}>
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            className={formStyles.input}
            value={`${view.sort}:${view.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':');
              const key = PRODUCT_SORTABLE.find((candidate) => candidate === sort);
              if (key) setSort(key, order === 'asc' ? 'asc' : 'desc');
            }}
          >
            {PRODUCT_SORTABLE.flatMap((key) =>
              (['desc', 'asc'] as const).map((order) => (
                <option key={`${key}:${order}`} value={`${key}:${order}`}>
                  {PRODUCT_SORT_LABELS[key][order]}
                </option>
              )),
            )}
          </select>
        </div>
      </div>
      {result.isError ? (
        <div role="alert" className={adminStyles.failure}>
          <p>Products could not be loaded: {result.error.message}</p>
          <button type="button" className="button" onClick={() => result.refetch()}>
            Try again
          </button>
        </div>
      ) : page === undefined ? (
        <p className={adminStyles.note}>Loading…</p>
      ) : page.rows.length === 0 ? (
        <p className={styles.empty}>{PRODUCT_MESSAGES.empty}</p>
      ) : (
        <ul className={styles.cards} aria-label={LABEL}>
          {page.rows.map((product) => (
            <ProductCard key={product.productID} product={product} />
          ))}
        </ul>
      )}
      {page !== undefined && page.total > 0 && (
        <Pagination
          label={LABEL}
          page={Math.min(view.page, pageCount)}
          pageCount={pageCount}
          pageSize={view.pageSize}
          pageSizes={PRODUCT_PAGE_SIZES}
          canPrevious={view.page > 1}
          canNext={view.page < pageCount}
          onPrevious={() => setPage(view.page - 1)}
          onNext={() => setPage(view.page + 1)}
          onPageSize={setPageSize}
        />
      )}
    </div>
  );
}

/**
 * One card (docs/product.md §2.10): name linking to the edit screen, ID, 'Is Digital Double?',
 * varieties, price, status.
 */
function ProductCard({ product }: { product: ProductSummary }) {
  const titleId = useId();
  return (
    <li>
      <article className={styles.card} aria-labelledby={titleId}>
        {product.thumbnailUrl && (
          <img className={styles.thumb} src={product.thumbnailUrl} alt="" width={320} height={240} loading="lazy" />
        )}
        <h2 id={titleId}>
          <Link to={adminProductPath(product.productID)}>{product.name}</Link>
        </h2>
        <dl className={`${adminStyles.terms} ${styles.facts}`}>
          <dt>ID</dt>
          <dd>{product.productID}</dd>
          <dt>Is Digital Double?</dt>
          <dd>{yesNo(product.isDigitalDouble)}</dd>
          <dt>Varieties</dt>
          <dd>{product.varietyCount}</dd>
          <dt>Price</dt>
          <dd>${centsToDollars(product.price)}</dd>
          <dt>Status</dt>
          <dd>{statusLabel(product)}</dd>
        </dl>
      </article>
    </li>
  );
}
