// The sandbox gateway's hosted page (/order/stripe-pay for cards, /order/allin-pay for a wallet): it
// stands where a real provider's page would, so it looks like one — its own name and colours, none of the
// shop's — and says plainly that it is a test page where no money moves.
import { useId } from 'react';
import type { SandboxSession } from '../../domain/api/order-life';
import type { PaymentTexts } from './payment-text';
import styles from './sandbox.module.css';

export interface SandboxPayViewProps {
  PL: PaymentTexts;
  session: SandboxSession | null;
  loading: boolean;
  /** No session under this trade number. */
  notFound: boolean;
  amount: string;
  payBefore: string;
  cardNumber: string;
  onCardNumber: (value: string) => void;
  cardError: boolean;
  /** Which button is working, or null. */
  submitting: 'pay' | 'cancel' | null;
  /** Request failure text, or null. */
  error: string | null;
  onPay: () => void;
  onCancel: () => void;
}

export function SandboxPayView(props: SandboxPayViewProps) {
  const { PL, session } = props;
  const cardId = useId();
  const sandbox = PL.sandbox;
  const card = session?.style !== 'wallet';
  return (
    <div className={styles.gateway}>
      <header className={styles.top}>
        <span className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            ◆
          </span>
          {sandbox.name()}
        </span>
        <span className={styles.badge}>{sandbox.badge()}</span>
      </header>
      <p className={styles.notice} role="note">
        {sandbox.notice()}
      </p>
      <main id="main" className={styles.main} tabIndex={-1}>
        {props.loading ? (
          <div className={styles.card} role="status" aria-busy="true">
            <span className={styles.spinner} aria-hidden="true" />
          </div>
        ) : props.notFound || !session ? (
          <div className={styles.card} role="alert">
            <p>{sandbox.notFound()}</p>
          </div>
        ) : (
          <form
            className={styles.card}
            aria-labelledby={`${cardId}-title`}
            onSubmit={(event) => {
              event.preventDefault();
              props.onPay();
            }}
          >
            <h1 id={`${cardId}-title`} className={styles.title}>
              {card ? sandbox.cardTitle() : sandbox.walletTitle()}
            </h1>
            <dl className={styles.facts}>
              <dt>{sandbox.merchant()}</dt>
              <dd data-testid="gateway-merchant">{session.merchantName}</dd>
              <dt>{sandbox.description()}</dt>
              <dd>{session.description}</dd>
              <dt>{sandbox.amount()}</dt>
              <dd className={styles.amount} data-testid="gateway-amount">
                {props.amount}
              </dd>
            </dl>
            <p className={styles.hint}>{sandbox.payBefore({ time: props.payBefore })}</p>
            {session.state !== 'processing' ? (
              <p className={styles.error} role="alert">
                {sandbox.finished({ state: PL.state[session.state]() })}
              </p>
            ) : (
              <>
                {card && (
                  <div className={styles.field}>
                    <label htmlFor={cardId}>{sandbox.cardNumber()}</label>
                    <input
                      id={cardId}
                      className={styles.input}
                      inputMode="numeric"
                      autoComplete="cc-number"
                      placeholder="4242 4242 4242 4242"
                      value={props.cardNumber}
                      onChange={(event) => props.onCardNumber(event.target.value)}
                      aria-invalid={props.cardError || undefined}
                      aria-describedby={`${cardId}-hint${props.cardError ? ` ${cardId}-error` : ''}`}
                    />
                    <span id={`${cardId}-hint`} className={styles.hint}>
                      {sandbox.cardHint()}
                    </span>
                    {props.cardError && (
                      <span id={`${cardId}-error`} className={styles.error} role="alert">
                        {sandbox.cardInvalid()}
                      </span>
                    )}
                  </div>
                )}
                {props.error && (
                  <p className={styles.error} role="alert">
                    {props.error}
                  </p>
                )}
                <button
                  type="submit"
                  className={styles.pay}
                  disabled={props.submitting !== null}
                  aria-busy={props.submitting === 'pay' || undefined}
                >
                  {sandbox.pay({ amount: props.amount })}
                </button>
                <button
                  type="button"
                  className={styles.cancel}
                  disabled={props.submitting !== null}
                  aria-busy={props.submitting === 'cancel' || undefined}
                  onClick={props.onCancel}
                >
                  {sandbox.cancel()}
                </button>
              </>
            )}
          </form>
        )}
      </main>
    </div>
  );
}
