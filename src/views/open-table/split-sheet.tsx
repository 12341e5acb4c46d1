// The bottom sheet of "Ask for the bill": one person pays all, equal shares (how many), each guest their own
// rounds, or picked items. Asking freezes the bill and stops the table fee. The guest who pays all sees what
// it comes to for them: their member price and a coupon of theirs (decision T51).
import type { SplitMode, SplitRequest, TableQuoteInfo } from '../../domain/api/open-table';
import { MAX_SPLIT_PARTS } from '../../domain/api/open-table-rules';
import { useI18nContext } from '../../i18n/i18n-context';
import { bareReasonTexts } from '../coupon/coupon-text';
import { Button } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import styles from './open-table.module.css';

/** The reader's price for the whole bill, while "pay all" is chosen. */
export interface PayAllPrice {
  quote: TableQuoteInfo | null;
  loading: boolean;
  failed: boolean;
  couponId: number | null;
}

export interface SplitSheetProps {
  open: boolean;
  split: SplitRequest;
  /** Guests at the table: the first number of equal shares offered. */
  guests: number;
  busy: boolean;
  price: PayAllPrice;
  onChoose: (split: SplitRequest) => void;
  onCoupon: (couponId: number | null) => void;
  onRetryPrice: () => void;
  onClose: () => void;
  onConfirm: () => void;
}

const MODES: SplitMode[] = ['all', 'equal', 'guest', 'items'];

export function SplitSheet({
  open,
  split,
  guests,
  busy,
  price,
  onChoose,
  onCoupon,
  onRetryPrice,
  onClose,
  onConfirm,
}: SplitSheetProps) {
  const { LL } = useI18nContext();
  const T = LL.openTable.split;
  const shares = split.mode === 'equal' ? split.parts : Math.min(Math.max(guests, 2), MAX_SPLIT_PARTS);
  const choose = (mode: SplitMode) =>
    onChoose(mode === 'equal' ? { mode, parts: shares } : ({ mode } as SplitRequest));
  const text: Record<SplitMode, [string, string]> = {
    all: [T.all(), T.allHint()],
    equal: [T.equal(), T.equalHint()],
    guest: [T.guest(), T.guestHint()],
    items: [T.items(), T.itemsHint()],
  };
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={T.title()}
      footer={
        <div className={styles.noticeActions} style={{ marginTop: 0 }}>
          <Button variant="secondary" block onClick={onClose} disabled={busy}>
            {T.cancel()}
          </Button>
          <Button
            block
            onClick={onConfirm}
            busy={busy}
            disabled={busy || (split.mode === 'all' && price.loading)}
            data-testid="split-confirm"
          >
            {T.confirm()}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.options}>
        <legend className="visually-hidden">{T.title()}</legend>
        {MODES.map((mode) => (
          <label key={mode} className={styles.option}>
            <input
              type="radio"
              name="split"
              value={mode}
              checked={split.mode === mode}
              onChange={() => choose(mode)}
            />
            <span className={styles.optionTitle}>{text[mode][0]}</span>
            <span className={styles.optionHint}>{text[mode][1]}</span>
          </label>
        ))}
      </fieldset>
      {split.mode === 'all' && (
        <PayAllPriceBlock price={price} busy={busy} onCoupon={onCoupon} onRetry={onRetryPrice} />
      )}
      {split.mode === 'equal' && (
        <div className={styles.stepper}>
          <span id="split-shares">{T.shares()}</span>
          <div className={styles.stepperControls} role="group" aria-labelledby="split-shares">
            <button
              type="button"
              className={styles.stepButton}
              aria-label={T.fewer()}
              disabled={shares <= 2}
              onClick={() => onChoose({ mode: 'equal', parts: shares - 1 })}
            >
              <Icon name="minus" size={1} />
            </button>
            <output className={styles.stepValue} aria-live="polite" data-testid="split-shares">
              {shares}
            </output>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={T.more()}
              disabled={shares >= MAX_SPLIT_PARTS}
              onClick={() => onChoose({ mode: 'equal', parts: shares + 1 })}
            >
              <Icon name="plus" size={1} />
            </button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}

function PayAllPriceBlock({
  price: { quote, loading, failed, couponId },
  busy,
  onCoupon,
  onRetry,
}: {
  price: PayAllPrice;
  busy: boolean;
  onCoupon: (couponId: number | null) => void;
  onRetry: () => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.openTable.split;
  const format = usePriceFormatter();
  return (
    <section className={styles.payAll} aria-labelledby="split-price" data-testid="split-price">
      <h3 id="split-price" className={styles.payAllTitle}>
        {T.priceTitle()}
      </h3>
      {loading ? (
        <SkeletonRegion label={LL.app.loading()}>
          <Skeleton width="70%" />
          <Skeleton height="2.75rem" style={{ marginTop: '0.5rem' }} />
          <Skeleton width="50%" style={{ marginTop: '0.5rem' }} />
        </SkeletonRegion>
      ) : failed ? (
        <div className={styles.problem} role="alert" data-testid="split-price-failed">
          {T.priceFailed()}{' '}
          <Button size="small" variant="secondary" onClick={onRetry}>
            {LL.app.retry()}
          </Button>
        </div>
      ) : quote ? (
        <>
          <dl className={styles.summary}>
            <div className={styles.summaryRow}>
              <dt>{T.billTotal()}</dt>
              <dd data-testid="split-bill-total">{format(quote.billTotal)}</dd>
            </div>
            {quote.memberDiscount > 0 && (
              <div className={styles.summaryRow}>
                <dt>{T.memberPrice()}</dt>
                <dd data-testid="split-member-discount">{format(-quote.memberDiscount)}</dd>
              </div>
            )}
          </dl>
          {quote.coupons.length > 0 && (
            <fieldset className={styles.options} disabled={busy}>
              <legend className={styles.payAllLegend}>{T.coupon()}</legend>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="split-coupon"
                  value=""
                  checked={couponId === null}
                  onChange={() => onCoupon(null)}
                />
                <span className={styles.optionTitle}>{T.noCoupon()}</span>
              </label>
              {quote.coupons.map((coupon) => (
                <label
                  key={coupon.id}
                  className={`${styles.option} ${coupon.usable ? '' : styles.optionOff}`}
                  data-testid="split-coupon"
                >
                  <input
                    type="radio"
                    name="split-coupon"
                    value={coupon.id}
                    checked={couponId === coupon.id}
                    disabled={!coupon.usable}
                    onChange={() => onCoupon(coupon.id)}
                  />
                  <span className={styles.optionTitle}>{coupon.name}</span>
                  <span className={coupon.usable ? styles.optionHint : styles.optionReason}>
                    {coupon.usable
                      ? format(-coupon.discount)
                      : bareReasonTexts(LL, coupon.reasons, format).join(' · ')}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <dl className={styles.summary}>
            {quote.couponDiscount > 0 && (
              <div className={styles.summaryRow}>
                <dt>{T.couponDiscount()}</dt>
                <dd data-testid="split-coupon-discount">{format(-quote.couponDiscount)}</dd>
              </div>
            )}
            <div className={`${styles.summaryRow} ${styles.summaryTotal}`}>
              <dt>{T.youPay()}</dt>
              <dd data-testid="split-you-pay">{format(quote.total)}</dd>
            </div>
          </dl>
        </>
      ) : null}
    </section>
  );
}
