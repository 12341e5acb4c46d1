// /order/confirm (spec §2, §4 "Order confirm", §5): the order type, the form of that type (delivery
// address and time with the contact, the picker and pickup time, the table and headcount), the lines,
// the price breakdown the pricing result explains row by row, the pay type, the note and the pack flag.
// The field a check stops at is focused and says why; the submit bar shows the total that is charged.
import { useRef, type ReactNode } from 'react';
import type { OrderType } from '../../domain/enums';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { usePriceFormatter } from '../ui/shop-display';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import {
  FieldMessage,
  fieldProps,
  PayTypeSection,
  useFocusField,
  type ConfirmFieldError,
} from './form-fields';
import styles from './order.module.css';
import fieldStyles from './checkout-fields.module.css';

export type { ConfirmFieldError, SlotOption } from './form-fields';
export { AddressRow, CheckField, SlotField, TextField } from './form-fields';
export { TablewareField, TimeField, type TimeSlotGroup } from './checkout-fields';

export interface ConfirmLine {
  flag: string;
  name: string;
  detail: string;
  quantity: number;
  amount: number;
}

export interface BreakdownItem {
  key: string;
  label: string;
  /** Minor units; negative for discounts. */
  amount: number;
  /** Informative rows (tax already in the prices) are not added. */
  informative: boolean;
}

export interface OrderConfirmViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  orderTypes: readonly OrderType[];
  orderType: OrderType;
  onOrderType: (orderType: OrderType) => void;
  /** The form of the order type (built by the page from its fields). */
  form: ReactNode;
  lines: readonly ConfirmLine[];
  breakdown: readonly BreakdownItem[];
  /** The coupon row (loaded beside the page), above the breakdown it changes. */
  coupons?: ReactNode;
  /** Delivery is charged by distance and no address gives one yet. */
  deliveryFeePending?: boolean;
  total: number | null;
  payOptions: readonly { value: string; label: string }[];
  payType: string | null;
  onPayType: (payType: string) => void;
  note: string;
  onNote: (note: string) => void;
  fieldError: ConfirmFieldError | null;
  /** A failure that is no field's fault, or null. */
  error: string | null;
  submitting: boolean;
  /** The order is being placed: every control but the submit button is disabled. */
  locked: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
  /** An appointment's page words its head, sections and button itself (a service, not an order of items). */
  texts?: {
    title: string;
    formTitle: string;
    linesTitle: string;
    submit: string;
    submitting: string;
    notePlaceholder: string;
  };
}

export function OrderConfirmView(props: OrderConfirmViewProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const texts = props.texts;
  const head = <PageHead title={texts?.title ?? LL.checkout.title()} />;
  const errorRef = useRef<HTMLParagraphElement>(null);
  useFocusField(props.fieldError);

  if (props.loadFailed) {
    return (
      <Page head={head}>
        <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />
      </Page>
    );
  }

  const formError =
    props.fieldError && ['cart', 'total'].includes(props.fieldError.field) ? props.fieldError : null;

  return (
    <Page head={head} bottomBar={4.5}>
      {/*
       * While the order is placed, edits would be dropped and a new order type would stop the submission
       * midway (its retry would then carry a new idempotency key). The fieldset disables every control in
       * it; links stay live in a disabled fieldset, so their clicks are stopped here too.
       */}
      <fieldset
        className={styles.lock}
        disabled={props.locked}
        onClickCapture={props.locked ? (event) => event.preventDefault() : undefined}
      >
        {props.orderTypes.length > 1 && (
          <div className={styles.typeSwitch} role="group" aria-label={LL.store.orderModes()}>
            {props.orderTypes.map((type) => (
              <button
                key={type}
                type="button"
                className={styles.typeChip}
                aria-pressed={type === props.orderType}
                onClick={() => props.onOrderType(type)}
              >
                {LL.orderType[type]()}
              </button>
            ))}
          </div>
        )}
        {props.error && (
          <p className={styles.banner} role="alert" ref={errorRef}>
            {errorText(LL, props.error)}
          </p>
        )}
        {formError && (
          <p className={styles.banner} role="alert" id={`field-${formError.field}`} tabIndex={-1}>
            {formError.message}
          </p>
        )}
        {props.loading ? (
          <SkeletonRegion label={LL.app.loading()}>
            <CardSkeleton />
            <CardSkeleton />
          </SkeletonRegion>
        ) : (
          <>
            <section className={styles.section} aria-labelledby="confirm-form">
              <h2 id="confirm-form" className={styles.sectionTitle}>
                {texts?.formTitle ??
                  LL.checkout.formTitle[props.orderType as 'takeaway' | 'selfPickup' | 'dine']?.() ??
                  LL.orderType[props.orderType]()}
              </h2>
              {props.form}
            </section>

            <section className={styles.section} aria-labelledby="confirm-lines">
              <h2 id="confirm-lines" className={styles.sectionTitle}>
                {texts?.linesTitle ?? LL.checkout.linesTitle()}
              </h2>
              <ul className={styles.lines}>
                {props.lines.map((line) => (
                  <li key={line.flag} className={styles.line} data-testid="confirm-line">
                    <span className={styles.lineName}>
                      <span>
                        {line.name} × {line.quantity}
                      </span>
                      {line.detail && <span className={styles.muted}>{line.detail}</span>}
                    </span>
                    <span>{format(line.amount)}</span>
                  </li>
                ))}
              </ul>
              {props.coupons}
              <dl className={styles.breakdown} data-testid="breakdown">
                {props.breakdown.map((row) => (
                  <Row key={row.key} row={row} format={format} />
                ))}
              </dl>
              {props.deliveryFeePending && (
                <p className={fieldStyles.pending} data-testid="delivery-fee-pending">
                  {LL.checkout.addAddressForFee()}
                </p>
              )}
            </section>

            <PayTypeSection
              headingId="confirm-pay"
              title={LL.checkout.payTitle()}
              options={props.payOptions}
              value={props.payType}
              onChange={props.onPayType}
              error={props.fieldError}
            />

            <section className={styles.section}>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="field-note">
                  {LL.checkout.note()}
                </label>
                <textarea
                  className={styles.input}
                  {...fieldProps('note', props.fieldError)}
                  rows={2}
                  value={props.note}
                  placeholder={texts?.notePlaceholder ?? LL.checkout.notePlaceholder()}
                  onChange={(event) => props.onNote(event.target.value)}
                />
                <FieldMessage field="note" error={props.fieldError} />
              </div>
            </section>
          </>
        )}
      </fieldset>

      <div className={styles.submitBar}>
        <div className={styles.submitInner}>
          <span className={styles.submitTotal}>
            <span className="visually-hidden">{LL.checkout.payable()} </span>
            <span data-testid="confirm-total" aria-live="polite">
              {props.total !== null ? format(props.total) : '—'}
            </span>
          </span>
          <Button
            size="large"
            onClick={props.onSubmit}
            disabled={!props.canSubmit || props.submitting}
            busy={props.submitting}
          >
            {props.submitting
              ? (texts?.submitting ?? LL.checkout.submitting())
              : (texts?.submit ?? LL.checkout.submit())}
          </Button>
        </div>
      </div>
    </Page>
  );
}

function Row({ row, format }: { row: BreakdownItem; format: (n: number) => string }) {
  const total = row.key === 'total';
  const amount = row.amount < 0 ? `−${format(-row.amount)}` : format(row.amount);
  return (
    <>
      <dt className={total ? styles.breakdownTotal : undefined}>{row.label}</dt>
      <dd
        className={total ? styles.breakdownTotal : row.amount < 0 ? styles.discount : undefined}
        data-testid={`breakdown-${row.key}`}
      >
        {row.informative ? `(${amount})` : amount}
      </dd>
    </>
  );
}
