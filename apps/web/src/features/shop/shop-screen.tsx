import type { LiveTopicName } from '@outpost/contracts/live-topics';
import { ROUTES } from '@outpost/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { LiveUpdates } from '../../components/live-status/live-status';
import { usePreparedAttestationToken } from '../../lib/attestation/use-prepared-token';
import { shopQueryKey } from '../../lib/commerce/query-keys';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { useShop } from './api/shop';
import { CountdownTimer } from './components/countdown-timer';
import { clockOffset } from './components/format';
import { MachineCard } from './components/machine-card';
import { PackCard } from './components/pack-card';
import styles from './components/shop.module.css';
import { Wallet } from './components/wallet';
import { MerchContactForm } from './merch/contact-form';
import { MerchSection } from './merch/merch-section';
import { RedeemCodeForm } from './redeem/redeem-code-form';

const SHOP_TITLE = pageTitle('Shop');
/** What the shop's catalogue shows: a machine or pack taken off sale goes, a new drop's countdown comes. */
const SHOP_TOPICS: readonly LiveTopicName[] = ['machines', 'credit-packs', 'drops'];

/**
 * /shop/: merch, credits, mystery-ball machines with their published odds, and codes (docs/product.md §1.1).
 * Shown to everyone; ordering, paying, spinning and redeeming need an account. Admins and staff
 * also see what players do not, marked unavailable (docs/product.md §6.1).
 */
export default function ShopScreen() {
  return (
    <QueryProvider>
      <Shop />
      <LiveUpdates topics={SHOP_TOPICS} />
    </QueryProvider>
  );
}

function Shop() {
  usePageTitle(SHOP_TITLE);
  const queryClient = useQueryClient();
  const shop = useShop();
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  // Spins and payments in credits carry it: ready before the player's first click.
  usePreparedAttestationToken(signedIn);
  const email = me.data?.user?.email ?? null;
  const offsetMs = useMemo(() => (shop.data ? clockOffset(shop.data.now) : 0), [shop.data]);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: shopQueryKey }), [queryClient]);

  if (shop.isPending)
    return (
      <section className={`page ${styles.screen}`}>
        <p role="status">Loading the shop…</p>
      </section>
    );
  if (shop.isError) {
    return (
      <section className={`page ${styles.screen}`}>
        <h1>The Outpost Shop</h1>
        <p role="alert">The shop could not be loaded. Check your connection and reload the page.</p>
      </section>
    );
  }

  const { shopOpens, packs, machines, paypalClientId } = shop.data;
  const shopOpen = shopOpens === null || Date.parse(shopOpens) <= Date.now() + offsetMs;
  const payWith = signedIn ? paypalClientId : null;

  return (
    <section className={`page ${styles.screen}`} aria-labelledby="shop-title">
      <h1 id="shop-title">The Outpost Shop</h1>
      {!shopOpen && shopOpens && (
        <p className={styles.opening} role="note">
          The shop opens in <CountdownTimer to={shopOpens} offsetMs={offsetMs} onDone={refresh} /> (
          {new Date(shopOpens).toLocaleString()}). Until then you can look around.
        </p>
      )}
      {signedIn ? (
        <Wallet />
      ) : (
        <p className={styles.lead}>
          <Link to={`${ROUTES.login}?next=${ROUTES.shop}`}>Sign in</Link> to order merch, buy credits, spin the machines
          and redeem codes.
        </p>
      )}

      <MerchSection signedIn={me.isPending ? null : signedIn} email={email} />

      <section aria-labelledby="shop-machines-title">
        <h2 id="shop-machines-title">Mystery-ball machines</h2>
        <p className={styles.note}>
          Every spin wins one of the prizes listed, with the chance shown. Chances change as prizes run out.
        </p>
        {machines.length === 0 ? (
          <p>No machines right now. Check back for the next drop.</p>
        ) : (
          <ul className={styles.grid}>
            {machines.map((machine) => (
              <MachineCard
                key={machine.machineID}
                machine={machine}
                shopOpen={shopOpen}
                signedIn={signedIn}
                paypalClientId={payWith}
                offsetMs={offsetMs}
                onDropChange={refresh}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="shop-packs-title">
        <h2 id="shop-packs-title">Credit packs</h2>
        {packs.length === 0 ? (
          <p>No credit packs on sale right now.</p>
        ) : (
          <ul className={styles.grid}>
            {packs.map((pack) => (
              <PackCard key={pack.packID} pack={pack} paypalClientId={paypalClientId} signedIn={signedIn} />
            ))}
          </ul>
        )}
        <p className={styles.note}>
          Credits are non-refundable and non-transferable. See the <Link to={ROUTES.terms}>terms</Link>.
        </p>
      </section>

      {signedIn && (
        <section aria-labelledby="shop-redeem-title">
          <h2 id="shop-redeem-title">Redeem a code</h2>
          <RedeemCodeForm />
        </section>
      )}

      <MerchContactForm key={email ?? 'visitor'} email={email} />
    </section>
  );
}
