// The sticky cart bar of the menu (spec §4 cart mode): the cart badge opens the cart sheet, the total and
// the starting-price shortfall ("¥x more to start") sit beside it, and the confirm button leads to
// /order/confirm once the order can be placed. It stands above the tab bar on tab pages.
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './order.module.css';

export interface CartBarProps {
  count: number;
  /** Minor units the order costs now (null: nothing priced yet). */
  total: number | null;
  /** Minor units short of the starting price; 0 when reached. */
  shortfall: number;
  /** Fees and discounts are worked out on the confirm page; the bar says so when the cart has lines. */
  canConfirm: boolean;
  /** The closed-shop text when the shop takes no orders now, or null. */
  closedText: string | null;
  busy: boolean;
  aboveTabBar: boolean;
  onOpen: () => void;
  onConfirm: () => void;
  /** Carts wait in other shops of the chain: a way to place them together. */
  multi?: { href: string; label: string } | null;
  /** The bar drawn again at the foot of the open cart sheet, so its total and checkout stay in reach. */
  inSheet?: boolean;
  /** Something the cart lacks before checkout (the must-pick category), with the one tap that fixes it. */
  notice?: { text: string; action: string; onAction: () => void; onDismiss: () => void } | null;
}

export function CartBar(props: CartBarProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const empty = props.count === 0;
  const action = props.closedText
    ? props.closedText
    : empty
      ? LL.cart.empty()
      : props.shortfall > 0
        ? LL.cart.shortfall({ amount: format(props.shortfall) })
        : LL.cart.confirm();
  return (
    <div
      className={`${styles.cartBar} ${props.inSheet ? styles.cartBarInSheet : props.aboveTabBar ? styles.aboveTabBar : ''}`}
      data-testid={props.inSheet ? 'sheet-cart-bar' : 'cart-bar'}
    >
      {props.notice && (
        <div className={styles.cartNotice} role="alert" data-testid="cart-notice">
          <span className={styles.cartNoticeText}>{props.notice.text}</span>
          <button type="button" className={styles.cartNoticeAction} onClick={props.notice.onAction}>
            {props.notice.action}
          </button>
          <button
            type="button"
            className={styles.cartNoticeClose}
            onClick={props.notice.onDismiss}
            aria-label={LL.app.close()}
          >
            <Icon name="close" size={1} />
          </button>
        </div>
      )}
      {props.multi && (
        <a className={styles.multiLink} href={props.multi.href}>
          {props.multi.label}
        </a>
      )}
      <div className={styles.cartBarInner}>
        <button
          type="button"
          className={styles.cartButton}
          onClick={props.onOpen}
          disabled={empty}
          aria-haspopup={props.inSheet ? undefined : 'dialog'}
          aria-expanded={props.inSheet ? true : undefined}
          aria-label={
            props.inSheet ? LL.cart.closeSheet({ count: props.count }) : LL.cart.open({ count: props.count })
          }
        >
          <Icon name="orders" size={1.5} />
          {!empty && (
            <span
              className={styles.badge}
              data-testid={props.inSheet ? undefined : 'cart-count'}
              aria-hidden="true"
            >
              {props.count}
            </span>
          )}
        </button>
        <div className={styles.cartSummary} aria-live="polite">
          {empty ? (
            <span className={styles.cartHint}>{LL.cart.emptyHint()}</span>
          ) : (
            <>
              <span className={styles.cartTotal} data-testid="cart-total">
                {props.total !== null ? format(props.total) : '—'}
              </span>
              <span className={styles.cartHint}>{LL.cart.feesLater()}</span>
            </>
          )}
        </div>
        <button
          type="button"
          className={styles.confirmButton}
          onClick={props.onConfirm}
          disabled={!props.canConfirm || props.busy}
          aria-busy={props.busy || undefined}
          data-testid={props.inSheet ? 'sheet-cart-confirm' : 'cart-confirm'}
        >
          {props.busy ? LL.app.loading() : action}
        </button>
      </div>
    </div>
  );
}
