// Runs the shop status flow for the shop and order type in use and shows its notice; what the flow
// decides about the order type (a fastfood shop confirmed into dine, old mode) goes to the session.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ShopInfo } from '../domain/shop';
import { selectFromOld, selectIsOverseas, selectOrderType } from '../machines/entry/session.selectors';
import { selectConfirmSwitchesToDine, selectDialog } from '../machines/entry/shop-status.selectors';
import { ShopStatusDialog, type ShopStatusNotice } from '../views/store/shop-status-dialog';
import { useAppState } from './app-state';
import { useFlow } from './use-flow';
import { shopStatusFlow } from './flows/shop-status';

/** `visible`: the page is one where the customer orders; elsewhere the notice waits. */
export function ShopStatusGate({ shop, visible }: { shop: ShopInfo; visible: boolean }) {
  const { session } = useAppState();
  const orderType = useSelector(session, selectOrderType);
  const actor = useFlow(
    shopStatusFlow,
    () => {
      const s = session.getSnapshot();
      return {
        input: {
          shop,
          orderType: selectOrderType(s),
          isOverseas: selectIsOverseas(s),
          fromOld: selectFromOld(s),
          now: Date.now(),
        },
      };
    },
    (flow) => [
      flow.on('orderType.set', (event) =>
        session.send({ type: 'session.setOrderType', orderType: event.orderType }),
      ),
      flow.on('oldMode.set', () => session.send({ type: 'session.setOldMode' })),
    ],
  );

  useEffect(() => {
    actor?.send({ type: 'shopStatus.update', shop, orderType, now: Date.now() });
  }, [actor, shop, orderType]);

  const dialog = useSelector(actor ?? undefined, (s) => (s ? selectDialog(s) : null));
  const offersTable = useSelector(actor ?? undefined, (s) => (s ? selectConfirmSwitchesToDine(s) : false));
  return (
    <ShopStatusDialog
      notice={visible ? (dialog as ShopStatusNotice | null) : null}
      hours={shop.businessHours}
      offersTable={offersTable}
      onConfirm={() => actor?.send({ type: 'shopStatus.confirm' })}
      onDismiss={() => actor?.send({ type: 'shopStatus.dismiss' })}
    />
  );
}
