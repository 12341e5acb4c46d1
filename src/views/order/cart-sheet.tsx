// The cart sheet (spec §4): every line with what was chosen, a stepper with labelled buttons, the line's
// amount, and "clear". It opens from the cart bar and on the selection tab shows as a plain list.
import { useI18nContext } from '../../i18n/i18n-context';
import type { ReactNode } from 'react';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './order.module.css';

export interface CartSheetLine {
  flag: string;
  name: string;
  /** The chosen spec, tastes and set contents in words, or ''. */
  detail: string;
  quantity: number;
  /** Minor units of the line after its product price rule. */
  amount: number;
  canIncrease: boolean;
}

export interface CartLinesProps {
  lines: readonly CartSheetLine[];
  onIncrement: (flag: string) => void;
  onDecrement: (flag: string) => void;
}

export function CartLines({ lines, onIncrement, onDecrement }: CartLinesProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  return (
    <ul className={styles.cartLines} aria-label={LL.cart.title()}>
      {lines.map((line) => (
        <li key={line.flag} className={styles.cartLine} data-testid="cart-line">
          <div className={styles.cartLineText}>
            <span className={styles.cartLineName}>{line.name}</span>
            {line.detail && <span className={styles.cartLineDetail}>{line.detail}</span>}
            <span className={styles.cartLineAmount}>{format(line.amount)}</span>
          </div>
          <div className={styles.stepper} role="group" aria-label={LL.cart.quantityOf({ name: line.name })}>
            <button
              type="button"
              className={styles.step}
              onClick={() => onDecrement(line.flag)}
              aria-label={LL.cart.decrease({ name: line.name })}
            >
              <Icon name="minus" size={1} />
            </button>
            <output className={styles.quantity} aria-live="polite">
              {line.quantity}
            </output>
            <button
              type="button"
              className={`${styles.step} ${styles.stepPrimary}`}
              onClick={() => onIncrement(line.flag)}
              disabled={!line.canIncrease}
              aria-label={LL.cart.increase({ name: line.name })}
            >
              <Icon name="plus" size={1} />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface CartSheetProps extends CartLinesProps {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  /** The cart bar, drawn at the sheet's foot: the total and checkout stay in view while the sheet is open. */
  bar?: ReactNode;
}

export function CartSheet({ open, onClose, onClear, bar, ...lines }: CartSheetProps) {
  const { LL } = useI18nContext();
  return (
    <BottomSheet open={open} onClose={onClose} title={LL.cart.title()} footer={bar} flushFooter>
      <div className={styles.sheetTools}>
        <button type="button" className={styles.textButton} onClick={onClear}>
          {LL.cart.clear()}
        </button>
      </div>
      <CartLines {...lines} />
    </BottomSheet>
  );
}
