// /order/select-service-user (spec §2; issue 16): the service, its technicians (photo, job number, role and
// the next time each is free; "any technician" first), the shop's dates up to its horizon as a strip, and
// the chosen day's free times under morning, afternoon and evening. Every choice is a radio, so arrow keys
// move along a row and a screen reader says which is chosen; a day or a technician without free time says
// so and offers the way on. The bar at the foot names the time chosen and goes on.
import type { ReactNode } from 'react';
import type { FreeTime } from '../../domain/api/beauty';
import { useI18nContext } from '../../i18n/i18n-context';
import type { DayPart } from '../../machines/appointment/appointment.rules';
import { Button, LinkButton } from '../ui/button';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import { dayLong, dayOfMonth, relativeDay, weekdayShort, type AppointmentTexts } from './appointment-text';
import styles from './appointment.module.css';

export interface TechnicianItem {
  id: number;
  name: string;
  jobNo: string;
  tagName: string;
  headImage: string;
  /** Minutes this technician takes for the service. */
  duration: number | null;
  nextFree: FreeTime | null;
  chosen: boolean;
}

export interface TimePickerViewProps {
  T: AppointmentTexts;
  service: { name: string; image: string; duration: number; price: number; memberPrice: number | null };
  showMemberPrice: boolean;
  /** The other services (tab 1). */
  servicesHref: string;
  /** The appointment being moved, in words ("Fri, 20 Nov 10:00 with Coco"), when moving one. */
  moving: string | null;
  /** The shop's today (its clock and zone): dates are named against it. */
  today: string | null;
  technicians: readonly TechnicianItem[];
  any: { nextFree: FreeTime | null; chosen: boolean };
  onTechnician: (id: number | null) => void;
  dates: readonly { date: string; free: number; chosen: boolean }[];
  onDate: (date: string) => void;
  groups: readonly { part: DayPart; starts: readonly { time: string; chosen: boolean }[] }[];
  onStart: (time: string) => void;
  /** The times are being read again (a refresh, a refusal): the grid waits. */
  timesBusy: boolean;
  /** The chosen technician (name) or everyone (null) has no free time in the horizon; undefined: they do. */
  noTimes: { name: string | null; days: number } | undefined;
  /** The next date with free times after the chosen one, when the chosen one has none. */
  nextDate: string | null;
  shopPhone: string;
  /** A message above the times (a refusal, a taken time) with the free times it offers. */
  notice: ReactNode;
  /** The choice in words, for the bar; null until a time is chosen. */
  summary: { when: string; detail: string } | null;
  canContinue: boolean;
  continueLabel: string;
  busy: boolean;
  onContinue: () => void;
}

const PART_ORDER: readonly DayPart[] = ['morning', 'afternoon', 'evening'];

export function TimePickerView(props: TimePickerViewProps) {
  const { T } = props;
  const { LL, locale } = useI18nContext();
  const format = usePriceFormatter();
  const whenOf = (t: FreeTime | null) =>
    t
      ? T.select.nextFree({ when: `${relativeDay(T, t.date, props.today, locale)} ${t.time}` })
      : T.select.noFreeTime();
  return (
    <>
      <section className={styles.block} aria-labelledby="service-name">
        <div className={styles.summary}>
          <img className={styles.summaryImage} src={props.service.image} alt="" width={56} height={56} />
          <div className={styles.summaryText}>
            <h2 id="service-name" className={styles.summaryName}>
              {props.service.name}
            </h2>
            <span className={styles.muted}>
              {T.tab.minutes({ count: props.service.duration })} · {format(props.service.price)}
              {props.showMemberPrice &&
                props.service.memberPrice !== null &&
                props.service.memberPrice < props.service.price &&
                ` · ${LL.product.memberPriceLabel({ price: format(props.service.memberPrice) })}`}
            </span>
            {props.moving && (
              <span className={styles.muted} data-testid="moving-from">
                {T.select.current({ when: props.moving })}
              </span>
            )}
          </div>
          {!props.moving && (
            <a className={styles.link} href={props.servicesHref}>
              {T.select.changeService()}
            </a>
          )}
        </div>
      </section>

      {props.notice}

      <section className={styles.block} aria-labelledby="technician-title">
        <h2 id="technician-title" className={styles.blockTitle}>
          {T.select.technician()}
        </h2>
        <div className={styles.scroller} role="radiogroup" aria-labelledby="technician-title">
          <Choice
            disabled={props.timesBusy}
            name="technician"
            id="technician-any"
            checked={props.any.chosen}
            onChange={() => props.onTechnician(null)}
            label={`${T.select.any()}, ${whenOf(props.any.nextFree)}`}
          >
            <span className={styles.tech} data-testid="technician-any">
              <span className={styles.anyAvatar}>
                <Icon name="users" size={1.5} />
              </span>
              <span className={styles.techName}>{T.select.any()}</span>
              <span className={styles.techMeta}>{T.select.anyHint()}</span>
              <span className={props.any.nextFree ? styles.next : `${styles.next} ${styles.nextNone}`}>
                {whenOf(props.any.nextFree)}
              </span>
            </span>
          </Choice>
          {props.technicians.map((t) => (
            <Choice
              disabled={props.timesBusy}
              key={t.id}
              name="technician"
              id={`technician-${t.id}`}
              checked={t.chosen}
              onChange={() => props.onTechnician(t.id)}
              label={`${t.name}, ${T.select.jobNo({ jobNo: t.jobNo })}, ${t.tagName}, ${whenOf(t.nextFree)}`}
            >
              <span className={styles.tech} data-technician-id={t.id}>
                <img
                  className={styles.avatar}
                  src={t.headImage}
                  alt=""
                  width={52}
                  height={52}
                  loading="lazy"
                />
                <span className={styles.techName}>{t.name}</span>
                <span className={styles.techMeta}>{T.select.jobNo({ jobNo: t.jobNo })}</span>
                <span className={styles.tag}>{t.tagName}</span>
                <span className={t.nextFree ? styles.next : `${styles.next} ${styles.nextNone}`}>
                  {whenOf(t.nextFree)}
                </span>
              </span>
            </Choice>
          ))}
        </div>
      </section>

      <section className={styles.block} aria-labelledby="date-title" aria-busy={props.timesBusy || undefined}>
        <h2 id="date-title" className={styles.blockTitle}>
          {T.select.date()}
        </h2>
        {props.noTimes ? (
          <div className={styles.empty} data-testid="no-times">
            <Icon name="calendar" size={2} />
            <p className={styles.emptyTitle}>
              {props.noTimes.name
                ? T.select.noTimesTechnician({ name: props.noTimes.name, days: props.noTimes.days })
                : T.select.noTimesAnyone({ days: props.noTimes.days })}
            </p>
            <p className={styles.emptyHint}>
              {props.noTimes.name ? T.select.noTimesTechnicianHint() : T.select.noTimesAnyoneHint()}
            </p>
            {props.noTimes.name ? (
              <Button variant="secondary" onClick={() => props.onTechnician(null)}>
                {T.select.seeAnyTechnician()}
              </Button>
            ) : (
              <LinkButton variant="secondary" href={`tel:${props.shopPhone.replace(/[^\d+]/g, '')}`}>
                <Icon name="phone" size={1} />
                {T.select.callShop()}
              </LinkButton>
            )}
          </div>
        ) : (
          <>
            <div className={styles.scroller} role="radiogroup" aria-labelledby="date-title">
              {props.dates.map((d) => {
                const name = relativeDay(T, d.date, props.today, locale);
                const named = name !== T.select.today() && name !== T.select.tomorrow() ? null : name;
                return (
                  <Choice
                    disabled={props.timesBusy}
                    key={d.date}
                    name="date"
                    id={`date-${d.date}`}
                    checked={d.chosen}
                    onChange={() => props.onDate(d.date)}
                    label={`${named ? `${named}, ` : ''}${dayLong(d.date, locale)}${d.free === 0 ? `, ${T.select.dayFull()}` : ''}`}
                  >
                    <span
                      className={d.free === 0 ? `${styles.dateChip} ${styles.dateFull}` : styles.dateChip}
                      data-date={d.date}
                    >
                      <span className={styles.dateWeekday}>{named ?? weekdayShort(d.date, locale)}</span>
                      <span className={styles.dateDay}>{dayOfMonth(d.date)}</span>
                      {d.free === 0 && <span className={styles.dateNote}>{T.select.dayFull()}</span>}
                    </span>
                  </Choice>
                );
              })}
            </div>
            <h2 className={`${styles.blockTitle} visually-hidden`} id="time-title">
              {T.select.time()}
            </h2>
            <div className={styles.times} style={{ marginTop: '0.75rem' }}>
              {props.groups.length === 0 ? (
                <div className={styles.empty}>
                  <p className={styles.emptyHint}>{T.select.noTimesDay()}</p>
                  {props.nextDate && (
                    <Button variant="secondary" size="small" onClick={() => props.onDate(props.nextDate!)}>
                      {T.select.nextDayWithTimes({
                        date: relativeDay(T, props.nextDate, props.today, locale),
                      })}
                    </Button>
                  )}
                </div>
              ) : (
                PART_ORDER.map((part) => {
                  const group = props.groups.find((g) => g.part === part);
                  if (!group) return null;
                  return (
                    <fieldset key={part} className={styles.part}>
                      <legend className={styles.partTitle}>{T.select[part]()}</legend>
                      <div className={styles.grid}>
                        {group.starts.map((s) => (
                          <Choice
                            disabled={props.timesBusy}
                            key={s.time}
                            name="time"
                            id={`time-${s.time}`}
                            checked={s.chosen}
                            onChange={() => props.onStart(s.time)}
                            label={s.time}
                          >
                            <span className={styles.timeChip} data-time={s.time}>
                              {s.time}
                            </span>
                          </Choice>
                        ))}
                      </div>
                    </fieldset>
                  );
                })
              )}
            </div>
          </>
        )}
      </section>

      <div className={styles.bar}>
        <div className={styles.barInner}>
          <p className={styles.barText} aria-live="polite" data-testid="time-summary">
            {props.summary ? (
              <>
                <span className={styles.barWhen}>{props.summary.when}</span>
                <span className={styles.muted}>{props.summary.detail}</span>
              </>
            ) : (
              <span className={styles.muted}>{T.select.chooseTimeFirst()}</span>
            )}
          </p>
          <Button
            size="large"
            disabled={!props.canContinue || props.busy}
            busy={props.busy}
            onClick={props.onContinue}
          >
            {props.continueLabel}
          </Button>
        </div>
      </div>
    </>
  );
}

/** One radio of a row of choices: the native input under the card it draws, so keys and readers work. */
function Choice(props: {
  name: string;
  id: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  children: ReactNode;
  /** While the times are read again, a choice would be dropped: it waits. */
  disabled?: boolean;
}) {
  return (
    <label className={styles.choice} htmlFor={props.id}>
      <input
        className={styles.choiceInput}
        type="radio"
        name={props.name}
        id={props.id}
        checked={props.checked}
        onChange={props.onChange}
        aria-label={props.label}
        disabled={props.disabled}
      />
      {props.children}
    </label>
  );
}
