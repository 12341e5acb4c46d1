// The appointment's part of /order/confirm once its messages are in (the checkout's load with the page).
import { useI18nContext } from '../../../i18n/i18n-context';
import type { ShopInfo } from '../../../domain/shop';
import { useAppointmentTexts } from '../../../views/appointment/appointment-text';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { ErrorView } from '../../../views/ui/state-views';
import AppointmentConfirm, { type AppointmentConfirmQuery } from './appointment-confirm';

export default function AppointmentConfirmPage({
  shop,
  query,
}: {
  shop: ShopInfo;
  query: AppointmentConfirmQuery;
}) {
  const T = useAppointmentTexts();
  const { LL } = useI18nContext();
  if (T === 'failed')
    return (
      <Page head={<PageHead title={LL.checkout.title()} />}>
        <ErrorView />
      </Page>
    );
  if (!T)
    return (
      <Page head={<PageHead title={LL.checkout.title()} />}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <AppointmentConfirm T={T} shop={shop} query={query} />;
}
