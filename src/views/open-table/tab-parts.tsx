// Pieces the tab and the bill pages share: the table's head card (name, area, guests, the timer and its fee,
// live or polling), the rounds with each line's kitchen state, the bill's summary, and the loading skeleton.
import type { ReactNode } from 'react';
import type { TableRound, TableTabInfo } from '../../domain/api/open-table';
import { useI18nContext } from '../../i18n/i18n-context';
import { clockText } from '../../machines/open-table/open-table.rules';
import { CardSkeleton, Skeleton, SkeletonRegion } from '../ui/skeleton';
import { usePriceFormatter } from '../ui/shop-display';
import { PageHead } from '../ui/page-head';
import styles from './open-table.module.css';

export interface TimerView {
  elapsed: number;
  running: boolean;
}

/** The page frame without page scroll: the head and the bar stay, `children` scroll between them. */
export function TabScreen({ title, children, bar }: { title: string; children: ReactNode; bar?: ReactNode }) {
  return (
    <div className={styles.screen}>
      <PageHead title={title} />
      <main id="main" className={styles.scroll} tabIndex={0}>
        {children}
      </main>
      {bar}
    </div>
  );
}

export function TabHero({
  tab,
  timer,
  polling,
}: {
  tab: TableTabInfo;
  timer: TimerView | null;
  polling: boolean;
}) {
  const { LL } = useI18nContext();
  const T = LL.openTable;
  const price = usePriceFormatter();
  const timerText = timer ? clockText(timer.elapsed) : '—';
  const timerSub = !timer ? T.tab.timerNotStarted() : timer.running ? null : T.tab.timerStopped();
  return (
    <section className={styles.hero} aria-labelledby="tab-table">
      <div className={styles.heroTop}>
        <div>
          <h1 id="tab-table" className={styles.heroTitle} data-testid="tab-table">
            {T.tab.tableAt({ table: tab.sTableName, area: tab.sAreaName })}
          </h1>
          <p className={styles.heroMeta}>{T.tab.guests({ count: tab.nPerson })}</p>
          <p className={styles.orderNo}>{T.tab.orderNo({ no: tab.sOrderNo })}</p>
        </div>
        <span
          className={`${styles.live} ${polling ? styles.polling : ''}`}
          data-testid="tab-live"
          data-mode={polling ? 'polling' : 'live'}
        >
          <span className={styles.liveDot} aria-hidden="true" />
          {polling ? T.tab.polling() : T.tab.live()}
        </span>
      </div>
      {tab.fEachFee > 0 && (
        <div className={styles.timerRow}>
          <div className={styles.timerCell}>
            <span className={styles.timerLabel}>{T.tab.timer()}</span>
            <span className={styles.timerValue} data-testid="tab-timer" role="timer" aria-live="off">
              {timerText}
            </span>
            {timerSub && <span className={styles.timerSub}>{timerSub}</span>}
          </div>
          <div className={styles.timerCell}>
            <span className={styles.timerLabel}>{T.tab.fee()}</span>
            <span className={styles.timerValue} data-testid="tab-fee" aria-live="polite">
              {price(tab.tableTime.amount)}
            </span>
            <span className={styles.timerSub}>{T.tab.billed({ minutes: tab.tableTime.billedMinutes })}</span>
          </div>
        </div>
      )}
      {tab.guests.length > 0 && (
        <ul className={styles.guests} aria-label={T.tab.guestList()}>
          {tab.guests.map((g, i) => (
            <li key={i} className={styles.guest}>
              {g.me ? `${g.name} (${T.tab.you()})` : g.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LineBadge({ state }: { state: TableRound['lines'][number]['state'] }) {
  const { LL } = useI18nContext();
  return (
    <span className={`${styles.badge} ${styles[state]}`} data-testid="line-state" data-state={state}>
      {LL.openTable.state[state]()}
    </span>
  );
}

export function Rounds({ rounds }: { rounds: TableRound[] }) {
  const { LL } = useI18nContext();
  const T = LL.openTable;
  const price = usePriceFormatter();
  return (
    <section className={styles.section} aria-labelledby="tab-rounds">
      <h2 id="tab-rounds" className={styles.sectionTitle}>
        {T.tab.rounds()}
      </h2>
      {rounds.length === 0 ? (
        <p className={styles.lineDetail}>
          <strong>{T.tab.noRounds()}</strong>
          <br />
          {T.tab.noRoundsHint()}
        </p>
      ) : (
        rounds.map((round, n) => (
          <article
            key={round.id}
            className={styles.round}
            data-testid="tab-round"
            data-round={round.id}
            aria-label={T.tab.roundOf({ n: n + 1, guest: round.guest })}
          >
            <p className={styles.roundHead}>
              <span>{T.tab.roundOf({ n: n + 1, guest: round.guest })}</span>
              {round.mine && <span className={styles.mineTag}>{T.tab.yours()}</span>}
            </p>
            <ul className={styles.lines}>
              {round.lines.map((line) => {
                const gone = line.state === 'returned' || line.state === 'rejected';
                const detail = [line.specName, ...line.tastes].filter(Boolean).join(' · ');
                return (
                  <li key={line.id} className={styles.line} data-testid="tab-line" data-line={line.id}>
                    <span className={`${styles.lineName} ${gone ? styles.struck : ''}`}>
                      {line.name} × {line.quantity}
                    </span>
                    <span className={`${styles.lineAmount} ${gone ? styles.struck : ''}`}>
                      {price(line.amount)}
                    </span>
                    {detail && <span className={styles.lineDetail}>{detail}</span>}
                    <LineBadge state={line.state} />
                    {gone && line.reason && (
                      <p className={styles.reason} data-testid="line-reason">
                        {line.reason}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </article>
        ))
      )}
    </section>
  );
}

export function BillSummary({ tab, title, note }: { tab: TableTabInfo; title: string; note?: string }) {
  const { LL } = useI18nContext();
  const T = LL.openTable.summary;
  const price = usePriceFormatter();
  const fee = tab.fEachFee > 0 ? tab.tableTime.amount : 0;
  // The service charge and any tax added on top are what the engine adds beyond the goods, the fee and the
  // discounts: shown as one line, so the rows always add up to the total (taxes included in prices do not).
  const charges = tab.total - tab.fRoundingAmount - tab.fSaleAmount - fee + tab.fDiscountAmount;
  const rows: [string, number, boolean][] = [
    [T.sale(), tab.fSaleAmount, true],
    [LL.openTable.tab.fee(), fee, tab.fEachFee > 0],
    [T.discount(), -tab.fDiscountAmount, tab.fDiscountAmount !== 0],
    [T.charges(), charges, charges !== 0],
    [T.rounding(), tab.fRoundingAmount, tab.fRoundingAmount !== 0],
  ];
  return (
    <section className={styles.section} aria-labelledby="tab-summary">
      <h2 id="tab-summary" className={styles.sectionTitle}>
        {title}
      </h2>
      {note && <p className={styles.lineDetail}>{note}</p>}
      <dl className={styles.summary}>
        {rows
          .filter(([, , shown]) => shown)
          .map(([label, amount]) => (
            <div key={label} className={styles.summaryRow}>
              <dt>{label}</dt>
              <dd>{price(amount)}</dd>
            </div>
          ))}
        <div className={`${styles.summaryRow} ${styles.summaryTotal}`}>
          <dt>{T.total()}</dt>
          <dd data-testid="tab-total">{price(tab.total)}</dd>
        </div>
        {tab.fTaxAmount !== 0 && (
          <div className={styles.summaryRow}>
            <dt>{T.tax()}</dt>
            <dd>{price(tab.fTaxAmount)}</dd>
          </div>
        )}
        {tab.fReceivedAmount !== 0 && (
          <div className={styles.summaryRow}>
            <dt>{T.received()}</dt>
            <dd data-testid="tab-received">{price(tab.fReceivedAmount)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

export function TabSkeleton() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <div className={styles.section}>
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton width="40%" style={{ marginTop: '0.5rem' }} />
        <Skeleton height="3rem" style={{ marginTop: '0.875rem' }} />
      </div>
      <CardSkeleton />
      <CardSkeleton />
    </SkeletonRegion>
  );
}
