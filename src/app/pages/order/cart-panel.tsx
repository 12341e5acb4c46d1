// The cart as the menu shows it: the cart bar, the cart sheet, and the order confirm flow behind the
// confirm button (spec §4 "Order confirm": expired or closed notice, taxes, stock check, the stock dialog,
// and the dialog that retries a failed check).
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  selectCanConfirm,
  selectCount,
  selectPricing,
  selectShopRefusal,
  selectShortfall,
  selectTotal,
} from '../../../machines/cart/cart.selectors';
import {
  selectError,
  selectIsBusy,
  selectMustPickMissing,
  selectNotice,
  selectShortfall as selectStockShortfall,
} from '../../../machines/checkout/order-confirm.selectors';
import { selectFromOld } from '../../../machines/entry/session.selectors';
import { useI18nContext } from '../../../i18n/i18n-context';
import { CartBar } from '../../../views/order/cart-bar';
import { CartSheet } from '../../../views/order/cart-sheet';
import { RefusalDialog } from '../../../views/order/refusal-dialog';
import { Button } from '../../../views/ui/button';
import { Dialog } from '../../../views/ui/dialog';
import { storage } from '../../../services/storage';
import { useAppState } from '../../app-state';
import { useCart, type CartRef } from '../../cart-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { clock } from '../../clock';
import { orderConfirmFlow } from '../../flows/order-confirm';
import type { MustPick } from '../../../machines/checkout/order-confirm.machine';
import { noticeText, refusalText, useSheetLines } from './cart-text';
import { useLatest } from '../../use-latest';
import { newIdempotencyKey } from '../../idempotency-key';

export interface CartPanelProps {
  aboveTabBar: boolean;
  /** The shop's must-pick category while the menu lists something in it (spec §5), or null. */
  mustPick: MustPick | null;
  /** Scrolls the menu to a category. */
  onShowCategory: (typeId: number) => void;
}

export function CartPanel(props: CartPanelProps) {
  const { cart } = useCart();
  if (!cart) return null;
  return <Panel cart={cart} {...props} />;
}

function Panel({ cart, aboveTabBar, mustPick, onShowCategory }: CartPanelProps & { cart: CartRef }) {
  const { LL } = useI18nContext();
  const { shop, session } = useAppState();
  const navigation = useAppNavigation();
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const latest = useLatest({ LL, hours: shop?.businessHours ?? '', onShowCategory });
  // A refused add from the menu (one tap or the choice sheet) says why here.
  useEffect(() => {
    const subscription = cart.on('cart.refused', (event) =>
      setRefused(refusalText(latest.current.LL, event.notice, latest.current.hours)),
    );
    return () => subscription.unsubscribe();
  }, [cart, latest]);
  const count = useSelector(cart, selectCount);
  const total = useSelector(cart, selectTotal);
  const pricing = useSelector(cart, selectPricing);
  const shortfall = useSelector(cart, selectShortfall);
  const canConfirm = useSelector(cart, selectCanConfirm);
  const refusal = useSelector(cart, selectShopRefusal);
  const lines = useSheetLines(cart);
  // Carts kept in other shops: a chain's shops can be ordered from together (/order/multi-confirm).
  const otherCarts =
    shop?.chainId != null && count > 0 ? storage.listCarts().filter((c) => c.shopId !== shop.id).length : 0;

  const confirm = useFlow(
    orderConfirmFlow,
    () => {
      const parts = cart.getSnapshot().context.parts;
      return {
        input: {
          shop: shop ?? parts.shop,
          orderType: parts.orderType,
          fromOld: selectFromOld(session.getSnapshot()),
          clock,
        },
      };
    },
    (actor) => [
      actor.on('taxes.loaded', (event) => cart.send({ type: 'cart.setTaxes', taxes: event.taxes })),
      actor.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
      actor.on('mustPick.show', (event) => latest.current.onShowCategory(event.typeId)),
    ],
  );
  const missing = useSelector(confirm ?? undefined, (s) => (s ? selectMustPickMissing(s) : null));
  const busy = useSelector(confirm ?? undefined, (s) => (s ? selectIsBusy(s) : false));
  const notice = useSelector(confirm ?? undefined, (s) => (s ? selectNotice(s) : null));
  const stock = useSelector(confirm ?? undefined, (s) => (s ? selectStockShortfall(s) : null));
  const failed = useSelector(confirm ?? undefined, (s) => (s ? selectError(s) !== null : false));

  const onConfirm = () => {
    // A guest of an open table sends the cart to the tab as one round (its key rides in the URL: a reload
    // of the tab page sends it once); the tab page clears the cart when the kitchen's tab has it.
    const orderType = cart.getSnapshot().context.parts.orderType;
    const tabId = shop && orderType === 'openTable' ? storage.getOpenTab(shop.id) : null;
    if (tabId !== null) {
      setOpen(false);
      navigation.go('/order/order', { id: tabId, round: newIdempotencyKey() });
      return;
    }
    if (!confirm) return;
    const { lines: cartLines, products, parts } = cart.getSnapshot().context;
    confirm.send({
      type: 'confirm.setShop',
      shop: parts.shop,
      orderType: parts.orderType,
      fromOld: selectFromOld(session.getSnapshot()),
    });
    setOpen(false);
    confirm.send({ type: 'confirm.start', lines: cartLines, products, hasProductCoupon: false, mustPick });
  };

  const bar = {
    count,
    total: pricing ? total : null,
    shortfall,
    canConfirm,
    closedText: refusal ? LL.store.closed() : null,
    busy,
    aboveTabBar,
    onConfirm,
  };

  return (
    <>
      <CartBar
        {...bar}
        onOpen={() => setOpen(true)}
        notice={
          missing
            ? {
                text: LL.cart.mustPickMissing({ name: missing.name }),
                action: LL.cart.mustPickGo(),
                onAction: () => confirm?.send({ type: 'confirm.showMustPick' }),
                onDismiss: () => confirm?.send({ type: 'confirm.dismiss' }),
              }
            : null
        }
        multi={
          otherCarts > 0
            ? {
                href: navigation.href('/order/multi-confirm'),
                label: LL.multi.link({ count: otherCarts + 1 }),
              }
            : null
        }
      />
      <CartSheet
        open={open && count > 0}
        onClose={() => setOpen(false)}
        onClear={() => {
          cart.send({ type: 'cart.clear' });
          setOpen(false);
        }}
        lines={lines}
        onIncrement={(flag) => cart.send({ type: 'cart.increment', flag })}
        onDecrement={(flag) => cart.send({ type: 'cart.decrement', flag })}
        bar={<CartBar {...bar} inSheet onOpen={() => setOpen(false)} />}
      />
      <RefusalDialog
        text={refused}
        onClose={() => {
          cart.send({ type: 'cart.dismissNotice' });
          setRefused(null);
        }}
      />
      <Dialog
        open={stock !== null}
        onClose={() => confirm?.send({ type: 'confirm.acknowledge' })}
        title={LL.cart.stockTitle()}
        footer={
          <Button block onClick={() => confirm?.send({ type: 'confirm.acknowledge' })}>
            {LL.app.ok()}
          </Button>
        }
      >
        <p>{stock ? LL.store.stockWarning({ name: stock.name, remaining: stock.remaining }) : ''}</p>
      </Dialog>
      <Dialog
        open={failed}
        onClose={() => confirm?.send({ type: 'confirm.dismiss' })}
        title={LL.cart.checkFailedTitle()}
        footer={
          <>
            <Button variant="secondary" onClick={() => confirm?.send({ type: 'confirm.dismiss' })}>
              {LL.app.cancel()}
            </Button>
            <Button onClick={() => confirm?.send({ type: 'confirm.retry' })}>{LL.app.retry()}</Button>
          </>
        }
      >
        <p>{LL.cart.checkFailed()}</p>
      </Dialog>
      <Dialog
        open={notice !== null}
        onClose={() => confirm?.send({ type: 'confirm.dismiss' })}
        title={LL.cart.noticeTitle()}
        footer={
          <Button block onClick={() => confirm?.send({ type: 'confirm.dismiss' })}>
            {LL.app.ok()}
          </Button>
        }
      >
        <p>{notice ? noticeText(LL, notice, shop?.businessHours ?? '') : ''}</p>
      </Dialog>
    </>
  );
}
