import type { MerchOrderLine } from '@outpost/contracts/merch';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/router/router';
import { clockOffset } from '../components/format';
import shopStyles from '../components/shop.module.css';
import { merchQueryKey, useMerch } from './api/get-merch';
import type { PlacedOrder } from './api/place-order';
import { mergeIntoBag } from './bag';
import { BagPanel } from './bag-panel';
import { DropList } from './drop-list';
import { type ActiveOrder, OrderPanel } from './order-panel';
import { stripeReturnOf } from './order-state';
import { ProductCard } from './product-card';
import { useBag } from './use-bag';

interface MerchSectionProps {
  /** Null while the session is still loading. */
  signedIn: boolean | null;
  /** The signed-in player's email; null for visitors. */
  email: string | null;
}

/**
 * The merch shop: products with their stock, drops counting down to their opening, the bag kept on this
 * device, the checkout and the order being paid. An order named in the address (`?order=`, from the account
 * page or back from Stripe Checkout with `&checkout=`) opens its step.
 */
export function MerchSection({ signedIn, email }: MerchSectionProps) {
  const queryClient = useQueryClient();
  const merch = useMerch();
  const [, updateBag] = useBag();
  const [params, setParams] = useSearchParams();
  const [placed, setPlaced] = useState<ActiveOrder | null>(null);
  const offsetMs = useMemo(() => (merch.data ? clockOffset(merch.data.now) : 0), [merch.data]);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: merchQueryKey }), [queryClient]);

  const named = params.get('order');
  const active: ActiveOrder | null =
    placed ?? (named ? { orderID: named, order: null, stripe: stripeReturnOf(params.get('checkout')) } : null);

  const onOrder = ({ order, balance, notice }: PlacedOrder) =>
    setPlaced({
      orderID: order.orderID,
      order,
      stripe: null,
      ...(balance === undefined ? {} : { balance }),
      ...(notice === undefined ? {} : { notice }),
    });
  const closeOrder = () => {
    setPlaced(null);
    if (named) {
      const next = new URLSearchParams(params);
      next.delete('order');
      next.delete('checkout');
      setParams(next, { replace: true });
    }
  };
  const givenUp = (lines: readonly MerchOrderLine[]) =>
    updateBag((now) =>
      mergeIntoBag(
        now,
        lines.map(({ productID, varietyID, quantity }) => ({ productID, varietyID, quantity })),
      ),
    );

  if (merch.isPending) {
    return (
      <section aria-labelledby="shop-merch-title">
        <h2 id="shop-merch-title">Merch</h2>
        <p role="status">Loading the merch…</p>
      </section>
    );
  }
  if (merch.isError) {
    return (
      <section aria-labelledby="shop-merch-title">
        <h2 id="shop-merch-title">Merch</h2>
        <p role="alert">The merch could not be loaded. Check your connection and reload the page.</p>
      </section>
    );
  }

  const { products, drops, payments } = merch.data;
  const dropOf = (dropID: string | null) => drops.find((drop) => drop.dropID === dropID);

  return (
    <>
      {active && (
        <OrderPanel
          key={active.orderID}
          active={active}
          signedIn={signedIn}
          paypalClientId={payments.paypalClientId}
          stripeOn={payments.stripe}
          onClose={closeOrder}
          onGivenUp={givenUp}
        />
      )}
      <section aria-labelledby="shop-merch-title">
        <h2 id="shop-merch-title">Merch</h2>
        <p className={shopStyles.note}>
          Real clothes from the outpost, priced in dollars or in credits. Items marked digital double come with their
          in-game version.
        </p>
        {products.length === 0 ? (
          <p>No merch on sale right now. Check back for the next drop.</p>
        ) : (
          <ul className={shopStyles.grid}>
            {products.map((product) => (
              <ProductCard
                key={product.productID}
                product={product}
                drop={dropOf(product.dropID)}
                offsetMs={offsetMs}
                onDropOpens={refresh}
              />
            ))}
          </ul>
        )}
      </section>
      {drops.length > 0 && (
        <section aria-labelledby="shop-drops-title">
          <h2 id="shop-drops-title">Merch drops</h2>
          <DropList drops={drops} products={products} offsetMs={offsetMs} onDropOpens={refresh} email={email} />
        </section>
      )}
      <BagPanel catalogue={merch.data} signedIn={signedIn === true} onOrder={onOrder} />
    </>
  );
}
