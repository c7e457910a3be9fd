import {
  MERCH_MESSAGES,
  type MerchCatalogue,
  type MerchPaymentMethod,
  type OrderProfile,
} from '@outpost/contracts/merch';
import { ROUTES } from '@outpost/contracts/routes';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useOrderProfile } from '../../../lib/commerce/get-order-profile';
import { creditsText, dollarsText } from '../../../lib/commerce/order-text';
import { countryName } from '../../../lib/countries';
import { Link } from '../../../lib/router/router';
import { useCredits } from '../api/account';
import { type PlacedOrder, usePlaceAndPay } from './api/place-order';
import type { BagLine, PricedBag } from './bag';
import styles from './merch.module.css';
import { useBag } from './use-bag';

interface CheckoutProps {
  lines: readonly BagLine[];
  priced: PricedBag;
  payments: MerchCatalogue['payments'];
  signedIn: boolean;
  onOrder: (placed: PlacedOrder) => void;
  onClose: () => void;
}

const ACCOUNT_FROM_SHOP = `${ROUTES.account}?next=${ROUTES.shop}`;

/** Where the order ships, as the saved order profile says. */
function ShippingSummary({ profile }: { profile: OrderProfile }) {
  const address = profile.shippingAddress;
  const place = [address.line1, address.line2, address.city, [address.state, address.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={styles.shipping}>
      <p>
        Ships to <strong>{`${profile.firstName} ${profile.lastName}`}</strong>, {place}, {countryName(address.country)}.
      </p>
      <p>
        We write to {profile.email} about it. <Link to={ACCOUNT_FROM_SHOP}>Change your shipping details</Link>
      </p>
    </div>
  );
}

function Method({
  group,
  value,
  chosen,
  disabled,
  name,
  note,
  onChoose,
}: {
  group: string;
  value: MerchPaymentMethod;
  chosen: MerchPaymentMethod;
  disabled: boolean;
  name: string;
  note: ReactNode;
  onChoose: (method: MerchPaymentMethod) => void;
}) {
  return (
    <label className={styles.method}>
      <input
        type="radio"
        name={group}
        value={value}
        checked={chosen === value}
        disabled={disabled}
        onChange={() => onChoose(value)}
      />
      <span className={styles.methodName}>{name}</span>
      <span className={styles.methodNote}>{note}</span>
    </label>
  );
}

/**
 * The checkout step: signed in, with an order profile, the player chooses how to pay. Credits pay
 * at once; PayPal and Stripe place the order first (its stock held for the player) and pay on the
 * order's own step. Methods that are off here say so; credits always work.
 */
export function Checkout({ lines, priced, payments, signedIn, onOrder, onClose }: CheckoutProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const profile = useOrderProfile(signedIn);
  const credits = useCredits(signedIn);
  const [, updateBag] = useBag();
  const placeAndPay = usePlaceAndPay(() => updateBag(() => []));
  const [method, setMethod] = useState<MerchPaymentMethod>('credits');
  const [notice, setNotice] = useState<FormNotice | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const balance = credits.data?.balance;
  const short = balance !== undefined && balance < priced.totalCredits;
  const saved = profile.data?.profile ?? null;
  const busy = placeAndPay.busy;
  const off = (chosen: MerchPaymentMethod) =>
    (chosen === 'paypal' && !payments.paypalClientId) || (chosen === 'stripe' && !payments.stripe);
  const ready = saved !== null && priced.orderable && !off(method) && !(method === 'credits' && short);

  const checkout = async () => {
    if (!ready) return;
    setNotice(null);
    let placed: PlacedOrder | undefined;
    try {
      placed = await placeAndPay.run({
        lines: lines.map(({ productID, varietyID, quantity }) => ({ productID, varietyID, quantity })),
        payment: method,
      });
    } catch (error) {
      setNotice(failureNotice(error, 'The order could not be placed. Please try again.'));
      return;
    }
    if (!placed) return;
    onOrder(placed);
    if (placed.order.payment === 'stripe' && placed.order.checkoutUrl) window.location.assign(placed.order.checkoutUrl);
  };

  const action =
    method === 'credits'
      ? `Pay ${creditsText(priced.totalCredits)}`
      : method === 'paypal'
        ? 'Continue to PayPal'
        : 'Continue to card payment';

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        Checkout
      </h3>
      {!signedIn ? (
        <>
          <p>
            <Link to={`${ROUTES.login}?next=${ROUTES.shop}`}>Sign in</Link> to check out. Your bag stays here meanwhile.
          </p>
          <div>
            <button type="button" className={styles.textButton} onClick={onClose}>
              Back to the bag
            </button>
          </div>
        </>
      ) : (
        <>
          {profile.isPending ? (
            <p role="status">Loading your shipping details…</p>
          ) : profile.isError ? (
            <p role="alert">Your shipping details could not be loaded. Check your connection and try again.</p>
          ) : saved ? (
            <ShippingSummary profile={saved} />
          ) : (
            <div className={styles.shipping}>
              <p className={styles.problem}>{MERCH_MESSAGES.profileRequired}</p>
              <p>
                <Link to={ACCOUNT_FROM_SHOP}>Add your shipping details</Link> on your account page; your bag stays here.
              </p>
            </div>
          )}
          <fieldset className={styles.methods}>
            <legend>Pay with</legend>
            <Method
              group={`${titleId}-payment`}
              value="credits"
              chosen={method}
              disabled={false}
              name={`Credits: ${creditsText(priced.totalCredits)}`}
              note={
                balance === undefined
                  ? 'Loading your balance…'
                  : short
                    ? `You have ${creditsText(balance)}; you need ${creditsText(priced.totalCredits - balance)} more. Buy a credit pack or redeem a code.`
                    : `You have ${creditsText(balance)}.`
              }
              onChoose={setMethod}
            />
            <Method
              group={`${titleId}-payment`}
              value="paypal"
              chosen={method}
              disabled={!payments.paypalClientId}
              name={`PayPal: ${dollarsText(priced.totalCents)}`}
              note={payments.paypalClientId ? 'You approve the payment in PayPal’s window.' : MERCH_MESSAGES.paypalOff}
              onChoose={setMethod}
            />
            <Method
              group={`${titleId}-payment`}
              value="stripe"
              chosen={method}
              disabled={!payments.stripe}
              name={`Card (Stripe): ${dollarsText(priced.totalCents)}`}
              note={
                payments.stripe
                  ? 'You pay on Stripe’s page (card, Apple Pay or Google Pay where offered) and come back here.'
                  : MERCH_MESSAGES.stripeOff
              }
              onChoose={setMethod}
            />
          </fieldset>
          <div className={styles.lineControls}>
            <button
              type="button"
              className={`button ${styles.action}`}
              disabled={!ready || busy}
              onClick={() => void checkout()}
            >
              {busy ? 'Placing your order…' : action}
            </button>
            <button type="button" className={styles.textButton} onClick={onClose}>
              Back to the bag
            </button>
          </div>
          <FormAlert notice={notice} />
        </>
      )}
    </section>
  );
}
