// Tab 1 (/pages/user/index-tab-1): the menu as a tab page, or for a beauty shop its services to book (spec
// §2 "may show cart list or appointment", entry rule 4; the entry flow has set the order type).
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { booksAppointments } from '../../appointment-shop';
import { PagePending } from '../../shell';
import { RequireShop } from '../../require-shop';
import { ProductMenu } from './product-menu';

const route = getRouteApi('/pages/user/index-tab-1');

// A beauty shop's tab loads its own code; a menu's chunk does not carry it.
const AppointmentTab = lazy(() =>
  import('../appointment/appointment-tab').then((m) => ({ default: m.AppointmentTab })),
);

export default function SelectionTabPage() {
  const { typeId } = route.useSearch();
  return (
    <RequireShop>
      {(shop) =>
        booksAppointments(shop) ? (
          <Suspense fallback={<PagePending />}>
            <AppointmentTab shop={shop} asTab />
          </Suspense>
        ) : (
          <ProductMenu shop={shop} asTab initialTypeId={typeId} />
        )
      }
    </RequireShop>
  );
}
