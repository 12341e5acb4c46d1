// The cart of the shop the customer is in lives as long as the app, not a page: the menu, the product page,
// the selection tab and /order/confirm all read and change the same cart actor. It starts from the stored
// cart (a reload keeps it), follows the session's order type (spec §4: switching re-prices) and remembers
// the table a scanned code named, which the dine-in form starts from.
import { useSelector } from '@xstate/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { Address } from '../domain/api/address';
import type { ConfirmOrderType } from '../domain/api/order';
import type { cartMachine } from '../machines/cart/cart.machine';
import type { CheckoutDraft } from '../machines/checkout/checkout.machine';
import type { syncCartMember } from './flows/cart';
import { selectClientTypeCode, selectMember, selectOrderType } from '../machines/entry/session.selectors';
import { storage } from '../services/storage';
import { inspection } from '../services/inspect';
import { useAppState } from './app-state';
import { clock } from './clock';

export type CartRef = ActorRefFrom<typeof cartMachine>;
type SyncMember = typeof syncCartMember;

interface CartState {
  cart: CartRef | null;
  /** The table code or id the customer arrived with (QR code) or scanned, for dine-in. */
  table: string | null;
  setTable(table: string | null): void;
  /** The delivery address chosen in the address book for this visit's order. */
  address: Address | null;
  setAddress(address: Address | null): void;
  /** Headcount and note given on the table page, which the dine-in form starts from. */
  dine: DineDetails | null;
  setDineDetails(details: DineDetails | null): void;
  /** What the customer filled in on /order/confirm for this order type, kept across the address book. */
  draftFor(orderType: ConfirmOrderType): CheckoutDraft | null;
  /** Kept as the form changes (no render: it is read when the page starts); null once the order is placed. */
  keepDraft(orderType: ConfirmOrderType, draft: CheckoutDraft | null): void;
}

export interface DineDetails {
  person: number;
  note: string;
}

const CartContext = createContext<CartState>({
  cart: null,
  table: null,
  setTable: () => undefined,
  address: null,
  setAddress: () => undefined,
  dine: null,
  setDineDetails: () => undefined,
  draftFor: () => null,
  keepDraft: () => undefined,
});

export const useCart = (): CartState => useContext(CartContext);

interface Visit {
  shopId: number | null;
  table: string | null;
  address: Address | null;
  dine: DineDetails | null;
}

const EMPTY_VISIT: Visit = { shopId: null, table: null, address: null, dine: null };

export function CartProvider({ children }: { children: ReactNode }) {
  const { shop, session } = useAppState();
  const [cart, setCart] = useState<CartRef | null>(null);
  const [syncMember, setSyncMember] = useState<SyncMember | null>(null);
  // A table, a chosen address and the dine-in details belong to one shop's visit, kept with its shop.
  const [visit, setVisit] = useState<Visit>(EMPTY_VISIT);
  const shopId = shop?.id ?? null;

  useEffect(() => {
    if (!shop) return;
    let stop: (() => void) | null = null;
    let left = false;
    // The cart flow (and the pricing engine with it) loads once the customer is in a shop, not with the
    // first page. If its code cannot load, the cart stays empty and the pages that need it, which load
    // the same way, show their own loading error.
    void import('./flows/cart')
      .then(({ cartFlow, syncCartMember }) => {
        if (left) return;
        const context = session.getSnapshot().context;
        const actor = createActor(cartFlow, {
          input: {
            shop,
            orderType: context.orderType,
            clientTypeCode: context.clientTypeCode,
            saved: storage.getCart(shop.id),
            clock,
          },
          ...inspection(),
        });
        actor.start();
        stop = () => actor.stop();
        setCart(actor);
        setSyncMember(() => syncCartMember);
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
      setCart(null);
    };
    // One cart per shop: a refreshed shop record reaches the running cart through cart.setShop below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId]);

  useEffect(() => {
    if (cart && shop) cart.send({ type: 'cart.setShop', shop });
  }, [cart, shop]);

  // A login, logout or new member record reaches the cart (and its default pay type) as a member change.
  const member = useSelector(session, selectMember);
  useEffect(() => {
    if (cart && shopId !== null && syncMember) void syncMember(cart, shopId, member);
  }, [cart, shopId, member, syncMember]);

  const orderType = useSelector(session, selectOrderType);
  const clientTypeCode = useSelector(session, selectClientTypeCode);
  useEffect(() => {
    if (!cart) return;
    const parts = cart.getSnapshot().context.parts;
    if (parts.orderType !== orderType || parts.clientTypeCode !== clientTypeCode)
      cart.send({ type: 'cart.setOrderType', orderType, clientTypeCode });
  }, [cart, orderType, clientTypeCode]);

  const { table, address, dine } = visit.shopId === shopId ? visit : EMPTY_VISIT;
  const update = useCallback(
    (changes: Partial<Visit>) =>
      setVisit((v) => ({ ...(v.shopId === shopId ? v : EMPTY_VISIT), ...changes, shopId })),
    [shopId],
  );
  const setTable = useCallback((next: string | null) => update({ table: next }), [update]);
  const setAddress = useCallback((next: Address | null) => update({ address: next }), [update]);
  const kept = useRef<{ shopId: number | null; orderType: ConfirmOrderType; draft: CheckoutDraft } | null>(
    null,
  );
  const draftFor = useCallback(
    (orderType: ConfirmOrderType) => {
      const draft = kept.current;
      return draft && draft.shopId === shopId && draft.orderType === orderType ? draft.draft : null;
    },
    [shopId],
  );
  const keepDraft = useCallback(
    (orderType: ConfirmOrderType, draft: CheckoutDraft | null) => {
      kept.current = draft ? { shopId, orderType, draft } : null;
    },
    [shopId],
  );
  const setDineDetails = useCallback(
    (next: DineDetails | null) => {
      // New details from the table page start the dine-in form again, not an older draft of it.
      kept.current = null;
      update({ dine: next });
    },
    [update],
  );
  const value = useMemo(
    () => ({ cart, table, setTable, address, setAddress, dine, setDineDetails, draftFor, keepDraft }),
    [cart, table, setTable, address, setAddress, dine, setDineDetails, draftFor, keepDraft],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
