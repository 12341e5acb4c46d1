// /order/multi-confirm: the carts held in several shops of one chain, placed together with one form
// (one order per shop, all or none). Each shop can be left out; a refusal names the shop it concerns.
import type { ReactNode } from 'react';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { usePriceFormatter } from '../ui/shop-display';
import { EmptyState } from '../ui/state-views';
import { PayTypeSection, useFocusField, type ConfirmFieldError } from './form-fields';
import styles from './order.module.css';

export interface MultiCart {
  shopId: number;
  name: string;
  lines: readonly { flag: string; name: string; quantity: number; amount: number }[];
  selected: boolean;
}

export interface MultiConfirmViewProps {
  carts: readonly MultiCart[];
  onToggle: (shopId: number) => void;
  /** What an included cart shows under its lines (its coupon row). */
  cartExtra?: (shopId: number) => ReactNode;
  form: ReactNode;
  /** The fields `form` renders: their errors show on the field. */
  formFields: readonly string[];
  payOptions: readonly { value: string; label: string }[];
  payType: string | null;
  onPayType: (payType: string) => void;
  fieldError: ConfirmFieldError | null;
  error: string | null;
  submitting: boolean;
  /** The orders are being placed: the carts, the form and the pay types are disabled. */
  locked: boolean;
  onSubmit: () => void;
}

export function MultiConfirmView(props: MultiConfirmViewProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  useFocusField(props.fieldError);
  const head = <PageHead title={LL.multi.title()} />;
  if (props.carts.length === 0)
    return (
      <Page head={head}>
        <EmptyState title={LL.multi.empty()} />
      </Page>
    );
  // Errors of fields this form has are shown on the field; any other (a shop's own rule) above the carts.
  const onForm = [...props.formFields, 'payType'];
  const cartError = props.fieldError && !onForm.includes(props.fieldError.field) ? props.fieldError : null;
  return (
    <Page head={head} bottomBar={4.5}>
      {/* Edits made while the orders are placed would be dropped, and the fields would spring back. */}
      <fieldset className={styles.lock} disabled={props.locked}>
        {props.error && (
          <p className={styles.banner} role="alert">
            {errorText(LL, props.error)}
          </p>
        )}
        {cartError && (
          <p className={styles.banner} role="alert" id={`field-${cartError.field}`} tabIndex={-1}>
            {cartError.message}
          </p>
        )}
        {props.carts.map((cart) => (
          <section
            key={cart.shopId}
            className={styles.section}
            aria-labelledby={`multi-${cart.shopId}`}
            data-testid="multi-cart"
          >
            <label className={styles.check}>
              <input type="checkbox" checked={cart.selected} onChange={() => props.onToggle(cart.shopId)} />
              <h2 id={`multi-${cart.shopId}`} className={styles.sectionTitle} style={{ margin: 0 }}>
                {cart.name}
              </h2>
            </label>
            <ul className={styles.lines}>
              {cart.lines.map((line) => (
                <li key={line.flag} className={styles.line}>
                  <span>
                    {line.name} × {line.quantity}
                  </span>
                  <span>{format(line.amount)}</span>
                </li>
              ))}
            </ul>
            {cart.selected && props.cartExtra?.(cart.shopId)}
          </section>
        ))}
        <section className={styles.section} aria-labelledby="multi-form">
          <h2 id="multi-form" className={styles.sectionTitle}>
            {LL.checkout.formTitle.selfPickup()}
          </h2>
          {props.form}
        </section>
        <PayTypeSection
          headingId="multi-pay"
          title={LL.checkout.payTitle()}
          options={props.payOptions}
          value={props.payType}
          onChange={props.onPayType}
          error={props.fieldError}
        />
      </fieldset>
      <div className={styles.submitBar}>
        <div className={styles.submitInner}>
          <span className={styles.submitTotal}>
            {LL.multi.count({ count: props.carts.filter((c) => c.selected).length })}
          </span>
          <Button size="large" onClick={props.onSubmit} disabled={props.submitting} busy={props.submitting}>
            {props.submitting ? LL.checkout.submitting() : LL.checkout.submit()}
          </Button>
        </div>
      </div>
    </Page>
  );
}
