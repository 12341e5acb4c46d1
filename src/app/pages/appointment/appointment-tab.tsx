// Tab 1 of a beauty shop, and its /product/index (spec §2 tab 1 "may show … appointment", entry rule 4):
// the appointment flow's service list. Choosing a service goes on to /order/select-service-user.
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { isShopOpenForAnyMode } from '../../../domain/hours';
import type { ShopInfo } from '../../../domain/shop';
import type { appointmentMachine } from '../../../machines/appointment/appointment.machine';
import {
  selectError,
  selectServiceSections,
  selectSettings,
  selectStep,
} from '../../../machines/appointment/appointment.selectors';
import { useAppointmentTexts, type AppointmentTexts } from '../../../views/appointment/appointment-text';
import { ServiceListView } from '../../../views/appointment/service-list-view';
import { Page } from '../../../views/ui/page';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { ErrorView } from '../../../views/ui/state-views';
import { useI18nContext } from '../../../i18n/i18n-context';
import { appointmentFlow } from '../../flows/appointment';
import { clock } from '../../clock';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { UpcomingAppointmentLink } from './upcoming-link';

export function AppointmentTab({ shop, asTab }: { shop: ShopInfo; asTab: boolean }) {
  const T = useAppointmentTexts();
  const { LL } = useI18nContext();
  if (T === 'failed')
    return (
      <Page withTabBar={asTab}>
        <ErrorView />
      </Page>
    );
  if (!T)
    return (
      <Page withTabBar={asTab}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <Services T={T} shop={shop} asTab={asTab} />;
}

type Flow = Actor<typeof appointmentMachine>;

function Services({ T, shop, asTab }: { T: AppointmentTexts; shop: ShopInfo; asTab: boolean }) {
  const navigation = useAppNavigation();
  const actor = useFlow(
    appointmentFlow,
    () => ({ input: { clock } }),
    (flow) => [flow.on('navigate', (event) => navigation.go(event.to.route, event.to.query))],
  );
  return <ServicesOf actor={actor} T={T} shop={shop} asTab={asTab} />;
}

function ServicesOf({
  actor,
  T,
  shop,
  asTab,
}: {
  actor: Flow | null;
  T: AppointmentTexts;
  shop: ShopInfo;
  asTab: boolean;
}) {
  const step = useSelector(actor ?? undefined, (s) => (s ? selectStep(s) : 'loading'));
  const sections = useSelector(actor ?? undefined, (s) => (s ? selectServiceSections(s) : null));
  const settings = useSelector(actor ?? undefined, (s) => (s ? selectSettings(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const { notification } = shop;
  return (
    <ServiceListView
      T={T}
      shop={{
        name: shop.name,
        image: shop.image,
        hours: shop.businessHours,
        openNow: shop.realShopStatus >= 1 && isShopOpenForAnyMode(shop, clock()),
        notice: notification.isOpen ? notification.content || notification.title || null : null,
      }}
      horizonDays={settings?.horizonDays ?? null}
      freeChangeHours={settings?.freeChangeHours ?? null}
      sections={
        step === 'services' && sections
          ? sections.map((section) => ({
              id: section.type.id,
              name: section.type.name,
              services: section.services.map((s) => ({
                product: s.product,
                duration: s.duration,
                bookable: s.booking !== null,
              })),
            }))
          : null
      }
      loading={step === 'loading'}
      failed={step === 'loadFailed'}
      error={error}
      onRetry={() => actor?.send({ type: 'appointment.retry' })}
      showMemberPrice={shop.showVipPrice}
      onBook={(product) => actor?.send({ type: 'appointment.chooseService', productId: product.id })}
      upcoming={<UpcomingAppointmentLink T={T} />}
      asTab={asTab}
    />
  );
}
