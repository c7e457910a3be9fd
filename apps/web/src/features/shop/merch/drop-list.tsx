import { type MerchProduct, type ShopMerchDrop, subscribeToDropQuerySchema } from '@outpost/contracts/merch';
import { ROUTES } from '@outpost/contracts/routes';
import { type FormEvent, useId, useState } from 'react';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { dateTimeText } from '../../../lib/commerce/order-text';
import { Link } from '../../../lib/router/router';
import { CountdownTimer } from '../components/countdown-timer';
import shopStyles from '../components/shop.module.css';
import { useSubscribeToDrop } from './api/subscribe-to-drop';
import styles from './merch.module.css';

interface DropListProps {
  drops: readonly ShopMerchDrop[];
  products: readonly MerchProduct[];
  offsetMs: number;
  onDropOpens: () => void;
  /** The signed-in player's email, which the subscribe form starts with; null for visitors. */
  email: string | null;
}

/** Merch drops: a countdown to each opening with a form to be emailed then; open, or sold out, afterwards. */
export function DropList({ drops, products, offsetMs, onDropOpens, email }: DropListProps) {
  return (
    <ul className={styles.drops}>
      {drops.map((drop) => (
        <DropCard
          key={drop.dropID}
          drop={drop}
          names={drop.products.map((id) => products.find((product) => product.productID === id)?.name ?? id)}
          offsetMs={offsetMs}
          onDropOpens={onDropOpens}
          email={email}
        />
      ))}
    </ul>
  );
}

function DropCard({
  drop,
  names,
  offsetMs,
  onDropOpens,
  email,
}: Omit<DropListProps, 'drops' | 'products'> & { drop: ShopMerchDrop; names: string[] }) {
  const titleId = useId();
  return (
    <li className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId}>{drop.name}</h3>
      <p>{names.join(', ')}</p>
      {!drop.open ? (
        <>
          <p className={shopStyles.opening}>
            Opens in <CountdownTimer to={drop.opensAt} offsetMs={offsetMs} onDone={onDropOpens} /> (
            {dateTimeText(drop.opensAt)}).
          </p>
          {email === null ? (
            <p className={shopStyles.note}>
              <Link to={`${ROUTES.login}?next=${ROUTES.shop}`}>Sign in</Link> to get an email when it opens.
            </p>
          ) : (
            <SubscribeForm dropID={drop.dropID} email={email} />
          )}
        </>
      ) : drop.soldOut ? (
        <p className={styles.soldOut}>Sold out</p>
      ) : (
        <p>Open now: order from the products above.</p>
      )}
    </li>
  );
}

/** subscribe-to-drop: the email to tell, the signed-in player's by default; the server's sentence as the answer. */
function SubscribeForm({ dropID, email: accountEmail }: { dropID: string; email: string }) {
  const [email, setEmail] = useState(accountEmail);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const { formRef, errors, show } = useFieldErrors();
  const subscribe = useSubscribeToDrop();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    const checked = checkFields(subscribeToDropQuerySchema, { drop: dropID, email });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      setNotice(null);
      return;
    }
    setNotice(null);
    subscribe.mutate(checked.value, {
      onSuccess: (text) => setNotice({ tone: 'ok', text }),
      onError: (error) =>
        setNotice({ tone: 'error', text: error.message || 'Subscribing did not work. Please try again.' }),
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <div className={styles.subscribe}>
        <FormField
          label="Email me when it opens"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className={`button ${styles.action}`} disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing…' : 'Notify me'}
        </button>
      </div>
      <FormAlert notice={notice} />
    </form>
  );
}
