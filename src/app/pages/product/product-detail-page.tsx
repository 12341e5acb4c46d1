// /product/detail?id=: the product choice flow (size, options, set contents, quantity, live price).
import { getRouteApi } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { productChoiceMachine } from '../../../machines/catalog/product-choice.machine';
import { RefusalDialog } from '../../../views/order/refusal-dialog';
import { ProductChoiceView } from '../../../views/product/product-choice-view';
import { EmptyState } from '../../../views/ui/state-views';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { lazy, Suspense, useState } from 'react';
import { booksAppointments } from '../../appointment-shop';
import { PagePending } from '../../shell';
import { selectNotice } from '../../../machines/cart/cart.selectors';
import { useToast } from '../../../views/ui/toast';
import { useCart } from '../../cart-state';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { refusalText } from '../order/cart-text';
import { useFlow } from '../../use-flow';
import { productChoiceFlow } from '../../flows/product-choice';
import { useChoiceViewProps } from './product-choice-props';
import { useLatest } from '../../use-latest';

const route = getRouteApi('/product/detail');

// A beauty shop's service is booked, not added to a cart: its page comes with the appointment code.
const ServiceDetail = lazy(() => import('../appointment/service-detail'));

export default function ProductDetailPage() {
  const { id } = route.useSearch();
  const { LL } = useI18nContext();
  if (id === undefined) {
    return (
      <Page head={<PageHead title={LL.product.detailTitle()} />}>
        <EmptyState icon="alert" title={LL.product.notFound()} />
      </Page>
    );
  }
  return (
    <RequireShop>
      {(shop) =>
        booksAppointments(shop) ? (
          <Suspense fallback={<PagePending />}>
            <ServiceDetail productId={id} shop={shop} />
          </Suspense>
        ) : (
          <Detail productId={id} shop={shop} />
        )
      }
    </RequireShop>
  );
}

function Detail({ productId, shop }: { productId: number; shop: ShopInfo }) {
  const { cart } = useCart();
  const { LL } = useI18nContext();
  const toast = useToast();
  const navigation = useAppNavigation();
  const [refused, setRefused] = useState<string | null>(null);
  const actor = useFlow(
    productChoiceFlow,
    () => ({ input: { productId, currency: shop.currency, numberDecimals: shop.numberDecimals } }),
    (choice) => [
      choice.on('product.chosen', (event) => {
        const { cart: current, LL: texts, toast: toasts, navigation: nav, hours } = latest.current;
        if (!current) return;
        current.send({ type: 'cart.add', line: event.line, product: event.product });
        // The cart refuses synchronously (closed shop, sold out, limits) and keeps the reason.
        const notice = selectNotice(current.getSnapshot());
        if (notice) {
          setRefused(refusalText(texts, notice, hours));
          return;
        }
        toasts.show(texts.cart.added({ name: event.product.name }));
        nav.back();
      }),
    ],
  );
  const latest = useLatest({ cart, LL, toast, navigation, hours: shop.businessHours });
  if (!actor) return null;
  return (
    <>
      <Choice
        actor={actor}
        showMemberPrice={shop.showVipPrice}
        onAdd={cart ? () => actor.send({ type: 'choice.confirm' }) : undefined}
      />
      <RefusalDialog
        text={refused}
        onClose={() => {
          cart?.send({ type: 'cart.dismissNotice' });
          setRefused(null);
        }}
      />
    </>
  );
}

function Choice({
  actor,
  showMemberPrice,
  onAdd,
}: {
  actor: Actor<typeof productChoiceMachine>;
  showMemberPrice: boolean;
  onAdd: (() => void) | undefined;
}) {
  return <ProductChoiceView {...useChoiceViewProps(actor, showMemberPrice)} onAdd={onAdd} />;
}
