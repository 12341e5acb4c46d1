// The confirm page's limit card row: shown only to a member holding a usable card that pays for something in
// the cart. A tap opens a sheet of those cards, each saying which units it pays (at no charge) and how many
// uses it takes; the row then names the chosen card, its uses and what it saves.
import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import coupon from '../coupon/coupons.module.css';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './limit-card.module.css';

export interface LimitCardOption {
  id: number;
  name: string;
  remaining: number;
  /** What it would pay in this cart: units of each product, one use each. */
  pays: { product: string; units: number }[];
  uses: number;
  chosen: boolean;
}

export interface LimitCardPickerViewProps {
  options: readonly LimitCardOption[];
  /** The chosen card as the price counts it, or null. */
  chosen: { name: string; uses: number; amount: number } | null;
  /** Why the server took the card off the order, in words; null when nothing to say. */
  notice: string | null;
  onChoose: (id: number) => void;
  onClear: () => void;
}

export function LimitCardPickerView(props: LimitCardPickerViewProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const value = props.chosen
    ? LL.limitCard.rowChosen({
        name: props.chosen.name,
        uses: props.chosen.uses,
        amount: format(props.chosen.amount),
      })
    : LL.limitCard.rowChoose({ count: props.options.length });
  return (
    <div className={coupon.pickerBlock} data-testid="limit-card-row">
      <button type="button" className={coupon.row} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className={coupon.rowLabel}>{LL.limitCard.rowLabel()}</span>
        <span
          className={props.chosen ? `${coupon.rowValue} ${coupon.rowChosen}` : coupon.rowValue}
          data-testid="limit-card-row-value"
        >
          {value}
        </span>
        <Icon name="chevron" size={1} />
      </button>
      {props.notice && (
        <p className={coupon.notice} role="status" data-testid="limit-card-notice">
          <span>{props.notice}</span>
        </p>
      )}
      <BottomSheet open={open} onClose={close} title={LL.limitCard.sheetTitle()}>
        <div className={coupon.sheetList}>
          <button
            type="button"
            className={coupon.option}
            aria-pressed={!props.chosen}
            onClick={() => {
              props.onClear();
              close();
            }}
          >
            <span className={coupon.optionMain}>
              <strong>{LL.limitCard.sheetNone()}</strong>
            </span>
            <span className={coupon.radio} aria-hidden="true" data-on={!props.chosen || undefined} />
          </button>
          {props.options.map((o) => (
            <button
              key={o.id}
              type="button"
              className={coupon.option}
              aria-pressed={o.chosen}
              data-testid="limit-card-option"
              onClick={() => {
                props.onChoose(o.id);
                close();
              }}
            >
              <span className={coupon.optionMain}>
                <strong>{o.name}</strong>
                {o.pays.map((p) => (
                  <span key={p.product} className={styles.takes}>
                    {LL.limitCard.sheetTakes({
                      units: p.units,
                      product: p.product,
                      uses: o.uses,
                      remaining: o.remaining,
                    })}
                  </span>
                ))}
              </span>
              <span className={coupon.radio} aria-hidden="true" data-on={o.chosen || undefined} />
            </button>
          ))}
        </div>
      </BottomSheet>
    </div>
  );
}
