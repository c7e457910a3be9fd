import { useEffect, useRef, useState } from 'react';

interface PayPalButtonsProps {
  clientId: string;
  /** Creates the order on our server and answers PayPal's order id. */
  createOrder: () => Promise<string>;
  /** The buyer approved on PayPal: settle on our server. */
  onApprove: (paypalOrderID: string) => Promise<void>;
  onError: (message: string) => void;
}

/**
 * PayPal's own buttons, with PayPal's script loaded only now, on the checkout step: no PayPal
 * code or request on any page before the player asks to pay with it.
 */
export function PayPalButtons({ clientId, createOrder, onApprove, onError }: PayPalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The callbacks change every render; the buttons are rendered once and read the latest.
  const latest = useRef({ createOrder, onApprove, onError });
  latest.current = { createOrder, onApprove, onError };

  useEffect(() => {
    let closed = false;
    let close: (() => Promise<void>) | undefined;
    (async () => {
      const { loadScript } = await import('@paypal/paypal-js');
      const paypal = await loadScript({ clientId, currency: 'USD', intent: 'capture' });
      if (closed || !paypal?.Buttons || !container.current) return;
      const buttons = paypal.Buttons({
        createOrder: () => latest.current.createOrder(),
        onApprove: (data) => latest.current.onApprove(data.orderID),
        onError: () => latest.current.onError('PayPal could not complete the payment. Nothing was charged here.'),
      });
      close = () => buttons.close();
      await buttons.render(container.current);
      if (!closed) setState('ready');
    })().catch(() => {
      if (!closed) setState('failed');
    });
    return () => {
      closed = true;
      close?.().catch(() => undefined);
    };
  }, [clientId]);

  return (
    <div>
      {state === 'loading' && <p role="status">Loading PayPal…</p>}
      {state === 'failed' && <p role="alert">PayPal could not be loaded. Check your connection and try again.</p>}
      <div ref={container} />
    </div>
  );
}
