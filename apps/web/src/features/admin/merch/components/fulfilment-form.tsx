import type { AdminMerchOrder } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormField } from '../../../../components/form/form-field';
import { useFollowedDraft } from '../../../../components/form/use-draft';
import adminStyles from '../../components/admin-screen.module.css';
import { fulfilmentOptions, notShippableText } from '../merch-text';
import { checkFulfilment, type FulfilmentStatus, MERCH_ORDER_NOTICES } from '../order-form';
import { type OrderChange, OrderChangeForm } from './order-change';
import { OrderChangedNotice } from './order-changed-notice';

const trackingOf = (order: AdminMerchOrder) => order.trackingReference ?? '';

const ORDER_CHANGED_TEXT =
  'This order changed while you were typing the tracking reference (someone else marked it or refunded it). Load it as it is now before saving: a save from the older version is refused.';

interface FulfilmentFormProps {
  order: AdminMerchOrder;
  change: OrderChange;
}

/**
 * Packing and shipping: "Mark packed" for a paid order, "Mark shipped" with the carrier's tracking
 * reference for a paid or packed one (the player then sees it), and for a shipped one a corrected
 * reference. Both buttons stay in place, so the keyboard focus is not lost when one no longer applies.
 */
export function FulfilmentForm({ order, change }: FulfilmentFormProps) {
  // The reference follows the order while nothing is typed; a change is sent from the version it was typed
  // against (`base`), so a save over someone else's newer change is refused rather than made blind.
  const {
    base,
    draft: tracking,
    setDraft: setTracking,
    startFrom,
    changedElsewhere,
  } = useFollowedDraft<AdminMerchOrder, string>(order, trackingOf);
  const options = fulfilmentOptions(order.status);
  const shipLabel = order.status === 'shipped' ? 'Save tracking reference' : 'Mark shipped';

  const fulfil = (status: FulfilmentStatus) => {
    if (change.pending || !(status === 'packed' ? options.pack : options.ship)) return;
    const checked = checkFulfilment(status, tracking, base.version);
    if (!checked.ok) return change.refuse(checked.message, checked.fields);
    const input = checked.value;
    const confirmation = () => ({
      message: (
        <p>
          {status === 'packed'
            ? `This marks order ${shortNumber(order.orderNumber)} packed in production.`
            : `This marks order ${shortNumber(order.orderNumber)} shipped with the tracking reference “${input.trackingReference}” in production; the player sees it on their account.`}
        </p>
      ),
      confirmLabel: status === 'packed' ? 'Mark packed in production' : 'Mark shipped in production',
    });
    void change.send(confirmation, { kind: 'fulfil', input }, (saved) => {
      startFrom(saved);
      if (status === 'packed') return MERCH_ORDER_NOTICES.packed;
      return order.status === 'shipped' ? MERCH_ORDER_NOTICES.tracking : MERCH_ORDER_NOTICES.shipped;
    });
  };

  return (
    <section aria-labelledby="merch-order-fulfilment">
      <h2 id="merch-order-fulfilment">Fulfilment</h2>
      {options.open ? (
        <OrderChangeForm
          change={change}
          labelledBy="merch-order-fulfilment"
          onSubmit={() => fulfil('shipped')}
          submitLabel={shipLabel}
          otherAction={
            <button
              type="button"
              className={listStyles.plainButton}
              aria-disabled={!options.pack || change.pending}
              title={options.pack ? undefined : 'Only an order that is paid and not packed yet can be marked packed.'}
              onClick={() => fulfil('packed')}
            >
              Mark packed
            </button>
          }
        >
          <FormField
            label="Tracking reference"
            value={tracking}
            error={change.errors.trackingReference}
            hint="The carrier’s reference for the parcel; needed to mark the order shipped."
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={120}
            onChange={(event) => setTracking(event.target.value)}
          />
        </OrderChangeForm>
      ) : (
        <p className={adminStyles.note}>{notShippableText(order.status)}</p>
      )}
      <OrderChangedNotice
        changed={changedElsewhere}
        text={ORDER_CHANGED_TEXT}
        discardLabel="Load the order as it is now (discards the reference typed)"
        onDiscard={() => startFrom(order)}
      />
      {/* Outside the form: the alert region stays in place when a refund ends the fulfilment. */}
      {change.outcome}
    </section>
  );
}
