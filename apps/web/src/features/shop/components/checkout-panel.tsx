import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { refreshAfterPurchase } from '../../../lib/commerce/query-keys';
import { newRequestKey } from '../../../lib/request-key';
import { PayPalButtons } from './paypal-buttons';
import styles from './shop.module.css';

interface CheckoutPanelProps {
  /** What is bought, as the player reads it: "Explorer Crate: 1 200 credits for $9.99". */
  summary: string;
  paypalClientId: string;
  createOrder: () => Promise<string>;
  /** Settles the approved order on our server, with the approval's request key; answers what to tell the player. */
  settle: (paypalOrderID: string, requestKey: string) => Promise<string>;
  onClose: () => void;
}

/** The checkout step: the only place PayPal's script loads. */
export function CheckoutPanel({ summary, paypalClientId, createOrder, settle, onClose }: CheckoutPanelProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [done, setDone] = useState(false);

  const approve = async (paypalOrderID: string) => {
    try {
      // One approval, one intent: PayPal calls onApprove once for it.
      setNotice({ tone: 'ok', text: await settle(paypalOrderID, newRequestKey()) });
      setDone(true);
    } catch (error) {
      setNotice(failureNotice(error, 'The payment could not be completed.'));
    } finally {
      await refreshAfterPurchase(queryClient);
    }
  };

  return (
    <section className={styles.checkout} aria-labelledby={titleId}>
      <h4 id={titleId}>Checkout</h4>
      <p>{summary}</p>
      {!done && (
        <PayPalButtons
          clientId={paypalClientId}
          createOrder={async () => {
            try {
              return await createOrder();
            } catch (error) {
              setNotice(failureNotice(error, 'The payment could not be completed.'));
              throw error;
            }
          }}
          onApprove={approve}
          onError={(text) => setNotice({ tone: 'error', text })}
        />
      )}
      <FormAlert notice={notice} />
      <button type="button" className="button" onClick={onClose}>
        {done ? 'Done' : 'Cancel'}
      </button>
    </section>
  );
}
