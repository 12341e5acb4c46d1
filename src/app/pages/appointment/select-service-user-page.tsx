// /order/select-service-user?productId=&serviceUserId=&date= (spec §2; decision A30): the appointment flow
// from a chosen service to a chosen technician and time, which goes on to /order/confirm; with
// `reschedule=<appointment id>` the same choice moves an appointment already booked (beauty/reschedule).
// The query is read here, in the page's own chunk.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { appointmentMachine } from '../../../machines/appointment/appointment.machine';
import * as select from '../../../machines/appointment/appointment.selectors';
import {
  dayLabel,
  useAppointmentTexts,
  type AppointmentTexts,
} from '../../../views/appointment/appointment-text';
import { AppointmentAlert } from '../../../views/appointment/appointment-parts';
import { TimePickerView } from '../../../views/appointment/time-picker-view';
import { Button, LinkButton } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { errorText } from '../../../i18n/error-text';
import { appointmentFlow } from '../../flows/appointment';
import { clock } from '../../clock';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';

const route = getRouteApi('/order/select-service-user');

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const dateOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

export default function SelectServiceUserPage() {
  const T = useAppointmentTexts();
  const { LL } = useI18nContext();
  const search = route.useSearch() as Record<string, unknown>;
  if (T === 'failed')
    return (
      <Page head={<PageHead title={LL.app.title()} />}>
        <ErrorView />
      </Page>
    );
  if (!T) return <Loading title="" />;
  const rescheduleId = idOf(search.reschedule);
  const input = {
    productId: idOf(search.productId),
    specId: idOf(search.specId),
    serviceUserId: idOf(search.serviceUserId),
    date: dateOf(search.date),
    rescheduleId,
  };
  // A new query (another service, back from the confirm page) is a new choice: the flow starts again.
  const key = JSON.stringify(input);
  return <RequireShop>{(shop) => <Choose key={key} T={T} shop={shop} input={input} />}</RequireShop>;
}

function Loading({ title }: { title: string }) {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={title} />}>
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    </Page>
  );
}

type Flow = Actor<typeof appointmentMachine>;

interface ChooseProps {
  T: AppointmentTexts;
  shop: ShopInfo;
  input: {
    productId: number | null;
    specId: number | null;
    serviceUserId: number | null;
    date: string | null;
    rescheduleId: number | null;
  };
}

function Choose({ T, shop, input }: ChooseProps) {
  const navigation = useAppNavigation();
  const actor = useFlow(
    appointmentFlow,
    () => ({ input: { ...input, clock } }),
    (flow) => [
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  const title = input.rescheduleId !== null ? T.select.moveTitle() : T.select.title();
  if (!actor) return <Loading title={title} />;
  return <ChooseTime actor={actor} T={T} shop={shop} title={title} />;
}

function ChooseTime({
  actor,
  T,
  shop,
  title,
}: {
  actor: Flow;
  T: AppointmentTexts;
  shop: ShopInfo;
  title: string;
}) {
  const { LL, locale } = useI18nContext();
  const navigation = useAppNavigation();
  const step = useSelector(actor, select.selectStep);
  const error = useSelector(actor, select.selectError);
  const hasTimes = useSelector(actor, (s) => select.selectDates(s).length > 0);
  const head = <PageHead title={title} />;
  const send = actor.send.bind(actor);

  if (step === 'loading') return <Loading title={title} />;
  if (step === 'loadFailed')
    return (
      <Page head={head}>
        <ErrorView
          message={errorText(LL, error ?? 'http.serverError')}
          onRetry={() => send({ type: 'appointment.retry' })}
        />
      </Page>
    );
  if (step === 'serviceUnavailable' || step === 'services')
    return (
      <Page head={head}>
        <EmptyState
          icon="calendar"
          title={T.select.unavailableTitle()}
          description={T.select.unavailableHint()}
          action={
            <LinkButton href={navigation.href('/pages/user/index-tab-1')}>
              {T.select.otherServices()}
            </LinkButton>
          }
        />
      </Page>
    );
  if (step === 'moveBlocked') return <MoveBlocked actor={actor} T={T} shop={shop} head={head} />;
  if (step === 'timesFailed')
    return (
      <Page head={head}>
        <ErrorView message={T.select.loadFailed()} onRetry={() => send({ type: 'appointment.retry' })} />
      </Page>
    );
  // The first read of the times: the page's skeleton; a later one keeps the times shown, marked busy.
  if (step === 'timesLoading' && !hasTimes) return <Loading title={title} />;
  return (
    <Page head={head} bottomBar={4.75}>
      <Times actor={actor} T={T} shop={shop} locale={locale} />
    </Page>
  );
}

function Times({
  actor,
  T,
  shop,
  locale,
}: {
  actor: Flow;
  T: AppointmentTexts;
  shop: ShopInfo;
  locale: string;
}) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const step = useSelector(actor, select.selectStep);
  const service = useSelector(actor, select.selectService);
  const technicians = useSelector(actor, select.selectTechnicians);
  const any = useSelector(actor, select.selectAnyTechnician);
  const dates = useSelector(actor, select.selectDates);
  const groups = useSelector(actor, select.selectTimeGroups);
  const start = useSelector(actor, select.selectStart);
  const chosen = useSelector(actor, select.selectChosenTechnician);
  const hasNoTimes = useSelector(actor, select.selectHasNoTimes);
  const horizonDays = useSelector(actor, select.selectHorizonDays);
  const today = useSelector(actor, select.selectServerToday);
  const canContinue = useSelector(actor, select.selectCanContinue);
  const notice = useSelector(actor, select.selectNotice);
  const freeTimes = useSelector(actor, select.selectFreeTimes);
  const error = useSelector(actor, select.selectError);
  const moving = useSelector(actor, select.selectMovedAppointment);
  const rescheduling = useSelector(actor, select.selectIsRescheduling);
  const send = actor.send.bind(actor);
  if (!service) return null;

  const chosenDate = dates.find((d) => d.chosen) ?? null;
  const nextDate =
    chosenDate && chosenDate.free === 0
      ? (dates.find((d) => d.date > chosenDate.date && d.free > 0)?.date ?? null)
      : null;
  const chosenDuration = chosen
    ? (technicians.find((t) => t.chosen)?.duration ?? service.duration)
    : service.duration;

  const alert =
    notice !== null ? (
      <AppointmentAlert
        T={T}
        today={today}
        title={notice === 'slotTaken' ? T.confirm.slotTaken() : T.confirm.refused()}
        text={notice === 'slotTaken' && freeTimes.length > 0 ? T.confirm.freeTimesHint() : null}
        offers={freeTimes}
        onOffer={(time) => send({ type: 'appointment.chooseFreeTime', time })}
      />
    ) : error ? (
      <p className="visually-hidden" role="alert">
        {errorText(LL, error)}
      </p>
    ) : null;

  return (
    <TimePickerView
      T={T}
      service={{
        name: service.product.name,
        image: service.product.image,
        duration: chosenDuration ?? service.duration,
        price: service.product.price,
        memberPrice: service.product.memberPrice,
      }}
      showMemberPrice={shop.showVipPrice}
      servicesHref={navigation.href('/pages/user/index-tab-1')}
      moving={
        rescheduling && moving
          ? `${dayLabel(moving.date, locale)} ${moving.time} · ${moving.serviceUser.userName}`
          : null
      }
      today={today}
      technicians={technicians.map((t) => ({
        id: t.technician.id,
        name: t.technician.userName,
        jobNo: t.technician.jobNo,
        tagName: t.technician.tagName,
        headImage: t.technician.headImage,
        duration: t.duration,
        nextFree: t.nextFree,
        chosen: t.chosen,
      }))}
      any={any}
      onTechnician={(serviceUserId) => send({ type: 'appointment.chooseServiceUser', serviceUserId })}
      dates={dates}
      onDate={(date) => send({ type: 'appointment.chooseDate', date })}
      groups={groups}
      onStart={(time) => {
        const date = chosenDate?.date;
        if (date) send({ type: 'appointment.chooseStart', start: { date, time } });
      }}
      timesBusy={step === 'timesLoading'}
      noTimes={hasNoTimes ? { name: chosen?.userName ?? null, days: horizonDays } : undefined}
      nextDate={nextDate}
      shopPhone={shop.phone}
      notice={alert}
      summary={
        start
          ? {
              when: `${dayLabel(start.date, locale)} · ${start.time}`,
              detail: `${chosen ? T.select.summaryWith({ name: chosen.userName }) : T.select.any()} · ${T.tab.minutes({ count: chosenDuration ?? service.duration })}`,
            }
          : null
      }
      canContinue={canContinue}
      continueLabel={
        rescheduling ? (step === 'moving' ? T.select.moving() : T.select.moveTo()) : T.select.continue()
      }
      busy={step === 'moving' || step === 'timesLoading'}
      onContinue={() => send({ type: 'appointment.continue' })}
    />
  );
}

function MoveBlocked({
  actor,
  T,
  shop,
  head,
}: {
  actor: Flow;
  T: AppointmentTexts;
  shop: ShopInfo;
  head: React.ReactNode;
}) {
  const navigation = useAppNavigation();
  const blockedBy = useSelector(actor, select.selectMoveBlockedBy);
  const appointment = useSelector(actor, select.selectMovedAppointment);
  const hours = appointment?.freeChangeHours ?? 24;
  const message =
    blockedBy === 'changeWindowClosed'
      ? T.select.moveBlocked.changeWindowClosed({ hours })
      : blockedBy === 'appointmentNotFound'
        ? T.select.moveBlocked.appointmentNotFound()
        : T.select.moveBlocked.notChangeable();
  return (
    <Page head={head}>
      <EmptyState
        icon="calendar"
        title={message}
        action={
          <div style={{ display: 'flex', flexDirection: 'column', gap: '0.5rem' }}>
            {blockedBy === 'changeWindowClosed' && (
              <LinkButton href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{T.select.callShop()}</LinkButton>
            )}
            <Button
              variant="secondary"
              onClick={() => navigation.go('/pages/user/order/list', {}, { replace: true })}
            >
              {T.select.toOrders()}
            </Button>
          </div>
        }
      />
    </Page>
  );
}
