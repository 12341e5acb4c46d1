// A shared-product or auto-add link on the menu (decision U50). It loads only when the menu's query names a
// product, so a plain menu carries none of it. The product link flow decides; this acts on its outcome and
// then drops the link from the address, so a reload or back does not act on it again.
import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import type { Product } from '../../../domain/catalog';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import type { catalogMachine } from '../../../machines/catalog/catalog.machine';
import { selectTypes } from '../../../machines/catalog/catalog.selectors';
import { findLoaded, linkOf } from '../../../machines/catalog/product-link.rules';
import { selectIsWaitingForMenu } from '../../../machines/catalog/product-link.selectors';
import { useToast } from '../../../views/ui/toast';
import { useCart } from '../../cart-state';
import { productLinkFlow } from '../../flows/product-link';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { useLatest } from '../../use-latest';

export interface ProductLinkProps {
  /** The menu's query: `productId` (a shared product) and `autoAdd`. */
  query: { productId?: number | undefined; autoAdd?: number | undefined };
  catalog: Actor<typeof catalogMachine>;
  /** The menu has its categories, and the cart with its panel (which says why an add is refused). */
  ready: boolean;
  onShowCategory: (typeId: number) => void;
  onChoose: (product: Product) => void;
  /** Drops the link from the address; a category given stays in it, for the way back to the menu. */
  onSettled: (typeId?: number) => Promise<void>;
}

export function ProductLink({
  query,
  catalog,
  ready,
  onShowCategory,
  onChoose,
  onSettled,
}: ProductLinkProps) {
  const [link] = useState(() => linkOf(query)!);
  const { cart } = useCart();
  const { LL } = useI18nContext();
  const toast = useToast();
  const navigation = useAppNavigation();
  const [unavailable, setUnavailable] = useState(false);
  const latest = useLatest({ cart, LL, toast, navigation, onShowCategory, onChoose, onSettled });
  const actor = useFlow(
    productLinkFlow,
    () => ({ input: link }),
    (flow) => [
      flow.on('link.unavailable', () => setUnavailable(true)),
      flow.on('link.failed', () => void latest.current.onSettled()),
      flow.on('link.choose', ({ product }) => {
        latest.current.onShowCategory(product.typeId);
        latest.current.onChoose(product);
        void latest.current.onSettled();
      }),
      flow.on('link.add', ({ product }) => {
        const { cart: current, LL: texts, toast: toasts } = latest.current;
        latest.current.onShowCategory(product.typeId);
        if (current) {
          current.send({ type: 'cart.addOne', product });
          // A refusal is the cart panel's to say (its dialog), as for a one-tap add.
          if (!current.getSnapshot().context.notice) toasts.show(texts.cart.added({ name: product.name }));
        }
        void latest.current.onSettled();
      }),
      // The product's page over the menu, as a tap on its card opens it: back returns to its category.
      flow.on('link.page', ({ product }) => {
        const { navigation: nav, onSettled: settle } = latest.current;
        void settle(product.typeId).then(() => nav.go('/product/detail', { id: product.id }));
      }),
    ],
  );

  useEffect(() => {
    // The flow acts once: a menu that loads again (after "a new menu was updated") finds it done.
    if (!actor || !ready || !selectIsWaitingForMenu(actor.getSnapshot())) return;
    const menu = catalog.getSnapshot();
    actor.send({
      type: 'link.menuReady',
      typeIds: selectTypes(menu).map((t) => t.id),
      loaded: findLoaded(menu.context.chunks, link.productId),
    });
  }, [actor, ready, catalog, link.productId]);

  return unavailable ? <UnavailableNotice onShown={() => void latest.current.onSettled()} /> : null;
}

/** The toast's words load with it: only a link to a product the shop does not list needs them. */
function UnavailableNotice({ onShown }: { onShown: () => void }) {
  const { LL } = useI18nContext();
  const toast = useToast();
  const messages = useNamespace('productLink');
  const latest = useLatest({ LL, toast, onShown });
  useEffect(() => {
    if (messages === 'loading') return;
    const { LL: texts, toast: toasts, onShown: shown } = latest.current;
    if (messages === 'ready') toasts.show(texts.productLink.unavailable());
    shown();
  }, [messages, latest]);
  return null;
}
