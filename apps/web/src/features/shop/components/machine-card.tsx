import { centsToDollars } from '@outpost/contracts/products';
import type { ShopMachine, SpinResult } from '@outpost/contracts/shop';
import { useId, useState } from 'react';
import { useCredits } from '../api/account';
import { createPayPalOrder, requestSpin } from '../api/paypal-checkout';
import { useSpinMachine } from '../api/spin';
import { spinBlocker } from './blockers';
import { CheckoutPanel } from './checkout-panel';
import { CountdownTimer } from './countdown-timer';
import { formatOdds } from './format';
import styles from './shop.module.css';

interface MachineCardProps {
  machine: ShopMachine;
  /** False before config/container-spin's shopOpens. */
  shopOpen: boolean;
  signedIn: boolean;
  /** Null when PayPal is not set up or the viewer is signed out. */
  paypalClientId: string | null;
  offsetMs: number;
  /** A drop opened or closed: fetch the shop again. */
  onDropChange: () => void;
}

function wonText(result: SpinResult): string {
  return `You won ${result.prize.name}! It is in your inventory. Balance: ${result.balance.toLocaleString('en-US')} credits.`;
}

/** The next drop of a machine, or the one open now, as a sentence with its countdown. */
function DropLine({
  machine,
  offsetMs,
  onDropChange,
}: Pick<MachineCardProps, 'machine' | 'offsetMs' | 'onDropChange'>) {
  const now = Date.now() + offsetMs;
  const drop = machine.drops[0];
  if (!drop) return null;
  const open = Date.parse(drop.opensAt) <= now;
  return (
    <p className={styles.drop}>
      {open ? 'Drop open now, closes in ' : `${drop.name} opens in `}
      <CountdownTimer to={open ? drop.closesAt : drop.opensAt} offsetMs={offsetMs} onDone={onDropChange} />
    </p>
  );
}

export function MachineCard({ machine, shopOpen, signedIn, paypalClientId, offsetMs, onDropChange }: MachineCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const spin = useSpinMachine();
  const credits = useCredits(signedIn);
  const [checkingOut, setCheckingOut] = useState(false);
  const state = { shopOpen, signedIn, balance: credits.data?.balance ?? null };
  const blocked = spinBlocker(machine, state);
  // A spin paid with PayPal needs no credits.
  const paypalBlocked = spinBlocker(machine, { ...state, balance: null });
  const outcome = spin.busy
    ? ''
    : spin.isSuccess
      ? wonText(spin.data)
      : spin.error instanceof Error
        ? spin.error.message
        : '';

  return (
    <li className={machine.available ? styles.card : `${styles.card} ${styles.unavailable}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{machine.name}</h3>
      {!machine.available && <p className={styles.badge}>Unavailable: players do not see this machine</p>}
      {machine.description && <p>{machine.description}</p>}
      <DropLine machine={machine} offsetMs={offsetMs} onDropChange={onDropChange} />
      <table className={styles.odds}>
        <caption>Published odds</caption>
        <thead>
          <tr>
            <th scope="col">Prize</th>
            <th scope="col">Chance</th>
            <th scope="col">Left</th>
          </tr>
        </thead>
        <tbody>
          {machine.prizes.map((prize) => (
            <tr key={prize.prizeID}>
              <th scope="row">{prize.name}</th>
              <td>{formatOdds(prize.odds)}</td>
              <td>{prize.stock === 0 ? 'Gone' : prize.stock.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={blocked !== null || spin.busy}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => spin.start(machine.machineID)}
        >
          {spin.busy ? 'Spinning…' : `Spin for ${machine.costCredits.toLocaleString('en-US')} credits`}
        </button>
        {machine.costUSD !== null && paypalClientId && !checkingOut && (
          <button
            type="button"
            className="button"
            disabled={paypalBlocked !== null}
            aria-describedby={paypalBlocked ? reasonId : undefined}
            onClick={() => setCheckingOut(true)}
          >
            Spin with PayPal (${centsToDollars(machine.costUSD)})
          </button>
        )}
      </div>
      {blocked && (
        <p id={reasonId} className={styles.blocked}>
          {blocked}
        </p>
      )}
      <p role="status" className={spin.isError ? styles.refused : styles.won}>
        {outcome}
      </p>
      {checkingOut && paypalClientId && machine.costUSD !== null && (
        <CheckoutPanel
          summary={`A spin of ${machine.name} for $${centsToDollars(machine.costUSD)}`}
          paypalClientId={paypalClientId}
          createOrder={() => createPayPalOrder({ kind: 'spin', machineID: machine.machineID, payment: 'paypal' })}
          settle={async (paypalOrderID, requestKey) => wonText(await requestSpin(paypalOrderID, requestKey))}
          onClose={() => setCheckingOut(false)}
        />
      )}
    </li>
  );
}
