import type { Environment } from '@outpost/contracts/environments';
import { GAME_STORE_NAMES, storePurchaseListSchema } from '@outpost/contracts/store-purchases/schemas';
import {
  type PlayerSubscription,
  PREMIUM_PLAN_LABELS,
  playerSubscriptionsSchema,
  SUBSCRIPTION_CHANNEL_LABELS,
  SUBSCRIPTION_STATE_LABELS,
  type SubscriptionEventKind,
} from '@outpost/contracts/subscriptions/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { useConfirmDialog } from '../../components/confirm-dialog';
import { formatDate } from '../../components/local-time';
import { moneyText } from '../../players/record-value';
import { adminUserApiPath, adminUserQueryKey, useStillThere } from '../api/get-admin-user';

const HISTORY_WORDS: Record<SubscriptionEventKind, string> = {
  purchase: 'Bought',
  renew: 'Renewed',
  cancel: 'Renewal turned off',
  resume: 'Renewal turned on again',
  grace: 'Renewal failed; grace period',
  'billing-retry': 'Renewal failed; billing retry',
  expire: 'Expired',
  refund: 'Refunded',
  revoke: 'Revoked',
};

interface PlayerMoneyProps {
  environment: Environment;
  userID: string;
  name: string;
  /** Staff and admins refund; moderators read. */
  canRefund: boolean;
}

/**
 * A player's money in this environment, for support: their premium subscriptions on every channel
 * with every report and payment (staff refund a web one's current period, as the terms allow), and
 * what they bought in the game's stores, with the stores' refunds.
 */
export function PlayerMoney({ environment, userID, name, canRefund }: PlayerMoneyProps) {
  const key = [...adminUserQueryKey(environment, userID), 'money'] as const;
  const enabled = useStillThere(environment, userID);
  const subscriptions = useQuery({
    queryKey: [...key, 'subscriptions'],
    queryFn: () => requestJson(`${adminUserApiPath(environment, userID)}/subscriptions`, playerSubscriptionsSchema),
    enabled,
  });
  const purchases = useQuery({
    queryKey: [...key, 'store-purchases'],
    queryFn: () => requestJson(`${adminUserApiPath(environment, userID)}/store-purchases`, storePurchaseListSchema),
    enabled,
  });
  return (
    <section aria-labelledby="admin-user-money">
      <h2 id="admin-user-money">Premium and store purchases</h2>
      {subscriptions.isError && (
        <p role="alert">The subscriptions could not be loaded: {subscriptions.error.message}</p>
      )}
      {subscriptions.data &&
        (subscriptions.data.subscriptions.length === 0 ? (
          <p>No premium subscription on any channel.</p>
        ) : (
          subscriptions.data.subscriptions.map((subscription) => (
            <Subscription
              key={subscription.subscriptionId}
              subscription={subscription}
              environment={environment}
              name={name}
              canRefund={canRefund}
              queryKey={[...key, 'subscriptions']}
            />
          ))
        ))}
      {purchases.data && purchases.data.purchases.length > 0 && (
        <>
          <h3>Bought in the game's stores</h3>
          <ul>
            {purchases.data.purchases.map((purchase) => (
              <li key={`${purchase.store}:${purchase.transactionId}`}>
                {purchase.kind === 'premium' ? 'Premium' : `${(purchase.credits ?? 0).toLocaleString('en-US')} credits`}{' '}
                from {GAME_STORE_NAMES[purchase.store]} on {formatDate(purchase.purchasedAt)}
                {purchase.amountCents !== null &&
                  purchase.currency &&
                  ` for ${moneyText(purchase.amountCents, purchase.currency)}`}
                {purchase.reversal &&
                  `; ${purchase.reversal.kind === 'refund' ? 'refunded' : 'revoked'} on ${formatDate(purchase.reversal.at)}${
                    purchase.kind === 'credit-pack'
                      ? `: ${purchase.reversal.creditsTakenBack.toLocaleString('en-US')} credits taken back, ${purchase.reversal.creditsAlreadySpent.toLocaleString('en-US')} already spent`
                      : ''
                  }`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface SubscriptionProps {
  subscription: PlayerSubscription;
  environment: Environment;
  name: string;
  canRefund: boolean;
  queryKey: readonly unknown[];
}

function Subscription({ subscription, environment, name, canRefund, queryKey }: SubscriptionProps) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const refund = useMutation({
    mutationFn: () =>
      requestJson(
        `/api/admin/${environment}/subscriptions/${encodeURIComponent(subscription.subscriptionId)}/refund`,
        playerSubscriptionsSchema,
        { method: 'POST' },
      ),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
  const lastPayment = subscription.payments.at(-1);
  const ask = async () => {
    const confirmed = await confirm({
      title: 'Refund the current period?',
      message: (
        <p>
          {name} gets back {lastPayment ? moneyText(lastPayment.amountCents, lastPayment.currency) : 'the last payment'}
          , and premium ends now; the items they got stay theirs.
        </p>
      ),
      items: ['The money goes back through the payment provider.', 'The subscription ends and does not renew.'],
      confirmLabel: 'Refund and end premium',
    });
    if (confirmed) refund.mutate();
  };
  const title = `${SUBSCRIPTION_CHANNEL_LABELS[subscription.channel]}${subscription.plan ? `, ${PREMIUM_PLAN_LABELS[subscription.plan]}` : ''}`;
  return (
    <article aria-label={`${title} subscription`}>
      <h3>{title}</h3>
      <p>
        {subscription.state ? SUBSCRIPTION_STATE_LABELS[subscription.state] : 'Not started'}
        {subscription.periodEnd && `; the period ends on ${formatDate(subscription.periodEnd)}`}.
      </p>
      <ol aria-label="History">
        {subscription.history.map((event) => (
          <li key={`${event.kind}-${event.at}`}>
            {HISTORY_WORDS[event.kind]} on {formatDate(event.at)}
            {event.until && (event.kind === 'purchase' || event.kind === 'renew') && `, to ${formatDate(event.until)}`}
          </li>
        ))}
      </ol>
      {subscription.payments.length > 0 && (
        <ul aria-label="Payments">
          {subscription.payments.map((payment) => (
            <li key={payment.paymentId}>
              {moneyText(payment.amountCents, payment.currency)} paid on {formatDate(payment.paidAt)}
              {payment.refundedCents > 0 && `, ${moneyText(payment.refundedCents, payment.currency)} refunded`}
            </li>
          ))}
        </ul>
      )}
      {subscription.refundable && canRefund && (
        <button
          type="button"
          className="button"
          aria-disabled={refund.isPending || undefined}
          onClick={() => !refund.isPending && ask()}
        >
          Refund the current period
        </button>
      )}
      {refund.isError && <p role="alert">The refund was not made: {refund.error.message}</p>}
      {refund.isSuccess && <p role="status">Refunded; premium ended.</p>}
      {dialog}
    </article>
  );
}
