// /order/confirmed-order: the bill asked for and frozen. Its shares (equal, per guest) or its dishes (picked
// items) with who took and paid what; the reader takes one and pays it with the shop's pay panel, or pays the
// whole bill; "Take the bill back" while nothing is paid. A paid tab says thank you.
import type { TableBill, TableBillPart, TableTabInfo } from '../../domain/api/open-table';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import { usePriceFormatter } from '../ui/shop-display';
import { BillSummary, LineBadge, TabHero, TabScreen, type TimerView } from './tab-parts';
import styles from './open-table.module.css';
import type { ReactNode } from 'react';

export interface BillViewProps {
  tab: TableTabInfo;
  timer: TimerView | null;
  polling: boolean;
  picked: number[];
  /** The part being taken (its index; null: the picked items). */
  taking: { part: number | null } | null;
  /** The pay panel of the reader's order, while it is open. */
  payPanel: ReactNode;
  payAmount: number | null;
  canOpenPay: boolean;
  canTakeBack: boolean;
  takingBack: boolean;
  problem: string | null;
  onTake: (part: number | null) => void;
  onPick: (lineId: number) => void;
  onOpenPay: () => void;
  onClosePay: () => void;
  onTakeBack: () => void;
  onDismissProblem: () => void;
}

export function BillView(props: BillViewProps) {
  const { LL } = useI18nContext();
  const T = LL.openTable.bill;
  const price = usePriceFormatter();
  const { tab } = props;
  const bill = tab.bill;
  const busy = props.taking !== null || props.takingBack;
  return (
    <TabScreen
      title={T.title()}
      bar={
        <div className={styles.bar}>
          {props.canTakeBack && (
            <Button
              variant="secondary"
              size="large"
              onClick={props.onTakeBack}
              disabled={busy}
              busy={props.takingBack}
              title={T.takeBackHint()}
            >
              {T.takeBack()}
            </Button>
          )}
          {props.canOpenPay && (
            <Button size="large" onClick={props.onOpenPay} disabled={busy} data-testid="bill-pay">
              {bill && bill.mode !== 'all' ? T.payMine() : T.payAll()}
            </Button>
          )}
        </div>
      }
    >
      <TabHero tab={tab} timer={props.timer} polling={props.polling} />
      {props.problem && (
        <div className={styles.problem} role="alert" data-testid="bill-problem">
          {props.problem}{' '}
          <Button size="small" variant="ghost" onClick={props.onDismissProblem}>
            {LL.app.close()}
          </Button>
        </div>
      )}
      {bill?.mode === 'all' && bill.parts[0] && !bill.parts[0].mine && bill.parts[0].state !== 'paid' && (
        <p className={styles.notice} data-testid="bill-payer">
          {T.someonePays({ name: bill.parts[0].label })}
        </p>
      )}
      {bill && bill.mode !== 'all' && bill.parts.length > 0 && (
        <Parts bill={bill} taking={props.taking} busy={busy} onTake={props.onTake} />
      )}
      {bill?.mode === 'items' && <PickItems {...props} bill={bill} busy={busy} />}
      {bill && bill.remaining > 0 && bill.paid > 0 && (
        <p className={`${styles.section} ${styles.remaining}`} data-testid="bill-remaining">
          {T.remaining({ amount: price(bill.remaining) })}
        </p>
      )}
      <BillSummary tab={tab} title={LL.openTable.summary.frozen()} note={T.frozenAt()} />
      <BottomSheet
        open={props.payPanel !== null}
        onClose={props.onClosePay}
        title={props.payAmount !== null ? T.payment({ amount: price(props.payAmount) }) : T.payAll()}
      >
        {props.payPanel}
      </BottomSheet>
    </TabScreen>
  );
}

const STATE_CLASS: Record<TableBillPart['state'], string> = {
  open: styles.partOpen!,
  paying: styles.partPaying!,
  paid: styles.partPaid!,
};

function Parts({
  bill,
  taking,
  busy,
  onTake,
}: {
  bill: TableBill;
  taking: BillViewProps['taking'];
  busy: boolean;
  onTake: (part: number | null) => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.openTable.bill;
  const price = usePriceFormatter();
  const stateText = { open: T.partOpen(), paying: T.partPaying(), paid: T.partPaid() };
  return (
    <section className={styles.section} aria-labelledby="bill-parts">
      <h2 id="bill-parts" className={styles.sectionTitle}>
        {T.parts()}
      </h2>
      <ul className={styles.parts}>
        {bill.parts.map((part) => (
          <li
            key={part.index}
            className={`${styles.part} ${part.mine ? styles.partMine : ''}`}
            data-testid="bill-part"
            data-state={part.state}
            data-mine={part.mine}
          >
            <span className={styles.partLabel}>{part.label}</span>
            <span className={styles.partAmount}>{price(part.amount)}</span>
            <span className={styles.partState}>
              <span className={`${styles.badge} ${STATE_CLASS[part.state]}`}>{stateText[part.state]}</span>
              {part.mine && <span className={styles.mineTag}>{T.mine()}</span>}
            </span>
            {part.state === 'open' && bill.mode !== 'items' && (
              <Button
                size="small"
                onClick={() => onTake(part.index)}
                disabled={busy}
                busy={taking?.part === part.index}
                aria-label={`${T.take()}: ${part.label} ${price(part.amount)}`}
              >
                {T.take()}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PickItems(props: BillViewProps & { bill: TableBill; busy: boolean }) {
  const { LL } = useI18nContext();
  const T = LL.openTable.bill;
  const price = usePriceFormatter();
  const open = new Set(props.bill.openLineIds);
  const lines = props.tab.rounds.flatMap((r) => r.lines).filter((l) => open.has(l.id));
  return (
    <section className={styles.section} aria-labelledby="bill-pick">
      <h2 id="bill-pick" className={styles.sectionTitle}>
        {T.pickTitle()}
      </h2>
      {lines.length === 0 ? (
        <p className={styles.lineDetail}>{T.noPick()}</p>
      ) : (
        <>
          <p className={styles.lineDetail}>{T.pickHint()}</p>
          {lines.map((line) => (
            <label key={line.id} className={styles.pickLine} data-testid="bill-pick-line">
              <input
                type="checkbox"
                checked={props.picked.includes(line.id)}
                onChange={() => props.onPick(line.id)}
                disabled={props.busy}
              />
              <span>
                {line.name} × {line.quantity} <LineBadge state={line.state} />
              </span>
              <span className={styles.lineAmount}>{price(line.amount)}</span>
            </label>
          ))}
          <p className={styles.lineDetail} aria-live="polite">
            {T.pickedTotal({ count: props.picked.length })}
          </p>
          <Button
            block
            style={{ marginTop: '0.5rem' }}
            disabled={props.picked.length === 0 || props.busy}
            busy={props.taking?.part === null}
            onClick={() => props.onTake(null)}
          >
            {T.payPicked()}
          </Button>
        </>
      )}
    </section>
  );
}
