// The menu's choice sheet: the product choice flow started from the product the list already holds, its
// choice added to the shop's cart. A refused add leaves the sheet open (the cart panel says why); an
// accepted one closes it with a short confirmation.
import type { Product } from '../../../domain/catalog';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { productChoiceMachine } from '../../../machines/catalog/product-choice.machine';
import { ProductChoiceSheet as SheetView } from '../../../views/product/product-choice-sheet';
import { useNavigation } from '../../../views/ui/navigation';
import { useToast } from '../../../views/ui/toast';
import type { Actor } from 'xstate';
import { useCart } from '../../cart-state';
import { useFlow } from '../../use-flow';
import { productChoiceFlow } from '../../flows/product-choice';
import { useChoiceViewProps } from './product-choice-props';
import { useLatest } from '../../use-latest';

export function ProductChoiceSheet({
  product,
  shop,
  onClose,
}: {
  product: Product;
  shop: ShopInfo;
  onClose: () => void;
}) {
  const { cart } = useCart();
  const { LL } = useI18nContext();
  const toast = useToast();
  const latest = useLatest({ cart, LL, toast, onClose });
  const actor = useFlow(
    productChoiceFlow,
    () => ({
      input: { productId: product.id, product, currency: shop.currency, numberDecimals: shop.numberDecimals },
    }),
    (choice) => [
      choice.on('product.chosen', (event) => {
        const { cart: current, LL: texts, toast: toasts, onClose: close } = latest.current;
        if (!current) return;
        current.send({ type: 'cart.add', line: event.line, product: event.product });
        // The cart refuses synchronously and announces why (cart.refused, shown by the cart panel).
        if (current.getSnapshot().context.notice) return;
        toasts.show(texts.cart.added({ name: event.product.name }));
        close();
      }),
    ],
  );
  if (!actor) return null;
  return <Sheet actor={actor} listed={product} showMemberPrice={shop.showVipPrice} onClose={onClose} />;
}

function Sheet({
  actor,
  listed,
  showMemberPrice,
  onClose,
}: {
  actor: Actor<typeof productChoiceMachine>;
  listed: Product;
  showMemberPrice: boolean;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  return (
    <SheetView
      {...useChoiceViewProps(actor, showMemberPrice)}
      listed={listed}
      detailHref={navigation.href('/product/detail', { id: listed.id })}
      onClose={onClose}
      onAdd={() => actor.send({ type: 'choice.confirm' })}
    />
  );
}
