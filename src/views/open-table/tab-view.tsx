// /order/order: the table's shared tab while it takes rounds: the table, the timer and its fee ticking, every
// guest's rounds with each line's kitchen state, the bill so far, "Add dishes" and "Ask for the bill" (with
// the reason it cannot be asked yet). Paid and closed tabs say so.
import type { SplitRequest, TableCanPayInfo, TableTabInfo } from '../../domain/api/open-table';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { ErrorView } from '../ui/error-view';
import { SplitSheet, type PayAllPrice } from './split-sheet';
import { BillSummary, Rounds, TabHero, TabScreen, TabSkeleton, type TimerView } from './tab-parts';
import styles from './open-table.module.css';

export type TabPhase = 'loading' | 'failed' | 'ordering' | 'paying' | 'paid' | 'closed';

export interface TabViewProps {
  phase: TabPhase;
  tab: TableTabInfo | null;
  timer: TimerView | null;
  polling: boolean;
  canPay: TableCanPayInfo | null;
  canAskBill: boolean;
  /** A round on its way to the kitchen, or one that got no answer. */
  round: 'sending' | 'failed' | null;
  roundDropped: boolean;
  /** A refusal or a lost answer, in words. */
  problem: string | null;
  loadError: string | null;
  split: { open: boolean; value: SplitRequest; busy: boolean; price: PayAllPrice };
  onRetry: () => void;
  onAddDishes: () => void;
  onAskBill: () => void;
  onSplit: (split: SplitRequest) => void;
  onCoupon: (couponId: number | null) => void;
  onRetryPrice: () => void;
  onCloseSplit: () => void;
  onConfirmBill: () => void;
  onRetryRound: () => void;
  onDropRound: () => void;
  onDismissProblem: () => void;
  onMenu: () => void;
}

export function TabView(props: TabViewProps) {
  const { LL } = useI18nContext();
  const T = LL.openTable.tab;
  const { tab } = props;
  if (props.phase === 'failed' || (!tab && props.phase !== 'loading'))
    return (
      <TabScreen title={T.title()}>
        <ErrorView message={props.loadError ?? T.loadFailed()} onRetry={props.onRetry} />
      </TabScreen>
    );
  if (!tab)
    return (
      <TabScreen title={T.title()}>
        <TabSkeleton />
      </TabScreen>
    );
  if (props.phase === 'paid' || props.phase === 'closed') return <TabDone {...props} tab={tab} />;

  const reason = props.canPay?.reason ?? null;
  return (
    <TabScreen
      title={T.title()}
      bar={
        <>
          {!props.canAskBill && reason && (
            <p className={styles.barNote} id="bill-reason" data-testid="bill-reason">
              {LL.openTable.canPay[reason]()}
            </p>
          )}
          <div className={styles.bar}>
            <Button variant="secondary" size="large" onClick={props.onAddDishes}>
              {T.addDishes()}
            </Button>
            <Button
              size="large"
              disabled={!props.canAskBill}
              aria-describedby={!props.canAskBill && reason ? 'bill-reason' : undefined}
              onClick={props.onAskBill}
            >
              {T.askBill()}
            </Button>
          </div>
        </>
      }
    >
      <TabHero tab={tab} timer={props.timer} polling={props.polling} />
      {props.round === 'sending' && (
        <p className={styles.notice} role="status" data-testid="round-sending">
          {T.sending()}
        </p>
      )}
      {props.round === 'failed' && (
        <div className={styles.notice} role="alert" data-testid="round-failed">
          {T.sendFailed()} {props.problem}
          <div className={styles.noticeActions}>
            <Button size="small" onClick={props.onRetryRound}>
              {T.sendAgain()}
            </Button>
            <Button size="small" variant="secondary" onClick={props.onDropRound}>
              {T.keepCart()}
            </Button>
          </div>
        </div>
      )}
      {props.roundDropped && (
        <p className={styles.notice} role="alert">
          {T.roundDropped()}
        </p>
      )}
      {props.problem && props.round !== 'failed' && (
        <div className={styles.problem} role="alert" data-testid="tab-problem">
          {props.problem}{' '}
          <Button size="small" variant="ghost" onClick={props.onDismissProblem}>
            {LL.app.close()}
          </Button>
        </div>
      )}
      <Rounds rounds={tab.rounds} />
      <BillSummary tab={tab} title={LL.openTable.summary.title()} />
      <SplitSheet
        open={props.split.open}
        split={props.split.value}
        guests={tab.nPerson}
        busy={props.split.busy}
        price={props.split.price}
        onChoose={props.onSplit}
        onCoupon={props.onCoupon}
        onRetryPrice={props.onRetryPrice}
        onClose={props.onCloseSplit}
        onConfirm={props.onConfirmBill}
      />
    </TabScreen>
  );
}

function TabDone(props: TabViewProps & { tab: TableTabInfo }) {
  const { LL } = useI18nContext();
  const T = LL.openTable.tab;
  const paid = props.phase === 'paid';
  return (
    <TabScreen
      title={T.title()}
      bar={
        <div className={styles.bar}>
          <Button size="large" onClick={props.onMenu}>
            {T.backToMenu()}
          </Button>
        </div>
      }
    >
      <div className={styles.done} role="status" data-testid={paid ? 'tab-paid' : 'tab-closed'}>
        <span className={styles.doneIcon} aria-hidden="true">
          {paid ? '✓' : '—'}
        </span>
        <h1 className={styles.doneTitle}>{paid ? T.paidTitle() : T.closedTitle()}</h1>
        <p className={styles.doneHint}>{paid ? T.paidHint() : T.closedHint()}</p>
      </div>
      <BillSummary tab={props.tab} title={LL.openTable.summary.frozen()} />
      <Rounds rounds={props.tab.rounds} />
    </TabScreen>
  );
}
