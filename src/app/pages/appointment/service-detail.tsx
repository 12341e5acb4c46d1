// /product/detail?id= of a beauty shop: the service and the way on to its technicians and times.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Product } from '../../../domain/catalog';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { beautyApi } from '../../../services/api/beauty';
import { storeApi } from '../../../services/api/store';
import { useAppointmentTexts } from '../../../views/appointment/appointment-text';
import { ServiceDetailView } from '../../../views/appointment/service-detail-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { ErrorView } from '../../../views/ui/state-views';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';

interface ServiceRead {
  product: Product;
  duration: number | null;
  bookable: boolean;
}

const service = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(async ({ input }) => {
      const { id } = input as { id: number };
      const [product, settings] = await Promise.all([
        storeApi.productDetail({ id }, { toast: false }),
        beautyApi.settings({}, { toast: false }),
      ]);
      const booking = settings.services.find((s) => s.productId === id) ?? null;
      const read: ServiceRead = {
        product,
        duration: booking?.duration ?? product.serviceTime,
        bookable: booking !== null && booking.serviceUserIds.length > 0,
      };
      return read;
    }),
  },
});

export default function ServiceDetail({ productId, shop }: { productId: number; shop: ShopInfo }) {
  const T = useAppointmentTexts();
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(service, () => ({ input: { params: { id: productId } } }));
  const read = useSelector(actor ?? undefined, (s) => (s ? selectData<ServiceRead>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const head = <PageHead title={LL.product.detailTitle()} floating asHeading={false} />;
  if (failed || T === 'failed')
    return (
      <Page head={<PageHead title={LL.product.detailTitle()} />}>
        <ErrorView onRetry={() => actor?.send({ type: 'resource.retry' })} />
      </Page>
    );
  if (!read || !T)
    return (
      <Page head={<PageHead title={LL.product.detailTitle()} />}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return (
    <ServiceDetailView
      T={T}
      head={head}
      product={read.product}
      duration={read.duration}
      showMemberPrice={shop.showVipPrice}
      bookable={read.bookable}
      onBook={() => navigation.go('/order/select-service-user', { productId })}
    />
  );
}
