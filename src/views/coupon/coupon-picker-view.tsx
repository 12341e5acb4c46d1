// The confirm page's coupon row (spec §5 "Only one coupon may be selected"): what is chosen and what it
// takes off, or how many apply; a tap opens a sheet with the coupons that apply first, then the others
// with their reasons, and "Don't use a coupon". A change the customer did not make is said in words.
import { useState } from 'react';
import type { CouponOption } from '../../machines/coupon/coupon-selection.selectors';
import { useI18nContext } from '../../i18n/i18n-context';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import { optionReasons } from './coupon-text';
import styles from './coupons.module.css';

export interface CouponPickerViewProps {
  status: 'guest' | 'loading' | 'failed' | 'ready';
  usableCount: number;
  chosen: { name: string; amount: number } | null;
  /** `note`, when set, says why instead of the engine's reasons (e.g. the coupon went to another order). */
  options: readonly (CouponOption & { note?: string })[];
  /** Why the choice changed without the customer, in words; null when nothing to say. */
  notice: string | null;
  onDismissNotice: () => void;
  onChoose: (id: number) => void;
  onClear: () => void;
  onRetry: () => void;
  loginHref: string;
  offersHref: string;
  /** The promotion code page, when the shop has promotions with a code. */
  promoCodeHref: string | null;
}

export function CouponPickerView(props: CouponPickerViewProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  let value: string;
  if (props.status === 'loading') value = LL.coupons.row.loading();
  else if (props.status === 'failed') value = LL.coupons.row.loadFailed();
  else if (props.chosen)
    value = LL.coupons.row.chosen({ name: props.chosen.name, amount: format(props.chosen.amount) });
  else if (props.usableCount > 0) value = LL.coupons.row.usable({ count: props.usableCount });
  else value = LL.coupons.row.noneUsable();

  const usable = props.options.filter((o) => o.usable);
  const unusable = props.options.filter((o) => !o.usable);
  return (
    <div className={styles.pickerBlock} data-testid="coupon-row">
      {props.status === 'guest' ? (
        <a className={styles.row} href={props.loginHref}>
          <span className={styles.rowLabel}>{LL.coupons.row.label()}</span>
          <span className={styles.rowValue}>{LL.coupons.row.loginToUse()}</span>
          <Icon name="chevron" size={1} />
        </a>
      ) : (
        <button
          type="button"
          className={styles.row}
          aria-haspopup={props.status === 'ready' ? 'dialog' : undefined}
          aria-busy={props.status === 'loading' || undefined}
          disabled={props.status === 'loading'}
          onClick={() => (props.status === 'failed' ? props.onRetry() : setOpen(true))}
        >
          <span className={styles.rowLabel}>{LL.coupons.row.label()}</span>
          <span
            className={props.chosen ? `${styles.rowValue} ${styles.rowChosen}` : styles.rowValue}
            data-testid="coupon-row-value"
          >
            {value}
          </span>
          <Icon name="chevron" size={1} />
        </button>
      )}
      {props.notice && (
        <p className={styles.notice} role="status" data-testid="coupon-notice">
          <span>{props.notice}</span>
          <button
            type="button"
            className={styles.noticeClose}
            onClick={props.onDismissNotice}
            aria-label={LL.app.close()}
          >
            <Icon name="close" size={1} />
          </button>
        </p>
      )}
      {props.promoCodeHref && (
        <a className={styles.promoLink} href={props.promoCodeHref}>
          {LL.coupons.row.promoCode()}
        </a>
      )}
      <BottomSheet open={open} onClose={close} title={LL.coupons.sheet.title()}>
        <div className={styles.sheetList}>
          <button
            type="button"
            className={styles.option}
            aria-pressed={!props.chosen}
            onClick={() => {
              props.onClear();
              close();
            }}
          >
            <span className={styles.optionMain}>
              <strong>{LL.coupons.sheet.none()}</strong>
            </span>
            <span className={styles.radio} aria-hidden="true" data-on={!props.chosen || undefined} />
          </button>
          {props.options.length === 0 && (
            <p className={styles.sheetEmpty}>
              {LL.coupons.sheet.empty()} <a href={props.offersHref}>{LL.coupons.sheet.seeOffers()}</a>
            </p>
          )}
          {usable.length > 0 && <h3 className={styles.sheetHeading}>{LL.coupons.sheet.usable()}</h3>}
          {usable.map((o) => (
            <button
              key={o.id}
              type="button"
              className={styles.option}
              aria-pressed={o.chosen}
              data-testid="coupon-option"
              onClick={() => {
                props.onChoose(o.id);
                close();
              }}
            >
              <CouponFace value={o.rules.value} />
              <span className={styles.optionMain}>
                <strong>{o.name}</strong>
                <span className={styles.muted}>
                  {o.rules.threshold} · {o.rules.validity}
                </span>
                <span className={styles.takesOff}>
                  {LL.coupons.sheet.takesOff({ amount: format(o.amount) })}
                </span>
              </span>
              <span className={styles.radio} aria-hidden="true" data-on={o.chosen || undefined} />
            </button>
          ))}
          {unusable.length > 0 && <h3 className={styles.sheetHeading}>{LL.coupons.sheet.unusable()}</h3>}
          {unusable.map((o) => (
            <div key={o.id} className={`${styles.option} ${styles.optionOff}`} data-testid="coupon-unusable">
              <CouponFace value={o.rules.value} />
              <span className={styles.optionMain}>
                <strong>{o.name}</strong>
                <span className={styles.muted}>
                  {o.rules.threshold} · {o.rules.validity}
                </span>
                <span className={styles.reason}>{o.note ?? optionReasons(LL, o, format)}</span>
              </span>
            </div>
          ))}
        </div>
      </BottomSheet>
    </div>
  );
}

/** The coupon's value in the shop's colour ("¥5 off"), as the card's stub. */
export function CouponFace({ value, muted }: { value: string; muted?: boolean }) {
  return (
    <span className={muted ? `${styles.face} ${styles.faceMuted}` : styles.face} aria-hidden="true">
      {value}
    </span>
  );
}
