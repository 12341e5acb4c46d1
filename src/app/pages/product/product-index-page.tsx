// /product/index: the menu with its own nav bar (back, search) and the cart bar (cart mode).
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { booksAppointments } from '../../appointment-shop';
import { useCart } from '../../cart-state';
import { PagePending } from '../../shell';
import { RequireShop } from '../../require-shop';
import { ProductMenu, type MenuLink } from './product-menu';

const route = getRouteApi('/product/index');

// A beauty shop books its services here too (a link to its menu, "back to the menu"): never a cart.
const AppointmentTab = lazy(() =>
  import('../appointment/appointment-tab').then((m) => ({ default: m.AppointmentTab })),
);

export default function ProductIndexPage() {
  const { typeId, table, tableNo, productId, autoAdd } = route.useSearch();
  const navigate = route.useNavigate();
  const { setTable } = useCart();
  // A table QR code (entry `table` / `table_no`) names the table the dine-in order is for.
  useEffect(() => {
    const named = table ?? tableNo;
    if (named) setTable(named);
  }, [table, tableNo, setTable]);
  // A shared-product or auto-add link (entry rule 3) acts once: replacing the address without it keeps a
  // reload or the back button from opening or adding the product again.
  const settle = useCallback(
    (shownTypeId?: number) =>
      navigate({
        search: (prev) => ({
          ...prev,
          productId: undefined,
          autoAdd: undefined,
          typeId: shownTypeId ?? prev.typeId,
        }),
        replace: true,
        // The menu stays where the link scrolled it.
        resetScroll: false,
      }),
    [navigate],
  );
  const link: MenuLink | null =
    productId !== undefined || autoAdd !== undefined ? { productId, autoAdd, settle } : null;
  return (
    <RequireShop>
      {(shop) =>
        booksAppointments(shop) ? (
          <Suspense fallback={<PagePending />}>
            <AppointmentTab shop={shop} asTab={false} />
          </Suspense>
        ) : (
          <ProductMenu shop={shop} asTab={false} initialTypeId={typeId} link={link} />
        )
      }
    </RequireShop>
  );
}
