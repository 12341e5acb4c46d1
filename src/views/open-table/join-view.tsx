// /product/table of an open-table shop: "open this table" (status 0) or "this table has an order: join it"
// (status 1 or 2), with the headcount (1 … the table's seats) and an optional name shown to the table.
import { useEffect, useRef } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { usePriceFormatter } from '../ui/shop-display';
import orderStyles from '../order/order.module.css';
import styles from './open-table.module.css';

export interface JoinTable {
  name: string;
  area: string;
  maxPerson: number;
  fee: number;
  feeType: number;
}

export interface JoinViewProps {
  /** null while the table is read. */
  table: JoinTable | null;
  /** true: a tab is open on the table, the guest joins it. */
  joining: boolean;
  person: number | null;
  nickName: string;
  busy: boolean;
  canSubmit: boolean;
  problem: string | null;
  onPerson: (person: number | null) => void;
  onNickName: (nickName: string) => void;
  onSubmit: () => void;
}

export function JoinView(props: JoinViewProps) {
  const { LL } = useI18nContext();
  const T = LL.openTable.join;
  const price = usePriceFormatter();
  const problem = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (props.problem) problem.current?.focus();
  }, [props.problem]);
  const title = props.joining ? T.joinTitle() : T.openTitle();
  const { table } = props;
  const tooMany = table !== null && props.person !== null && props.person > table.maxPerson;
  return (
    <Page head={<PageHead title={title} />} bottomBar={4.5}>
      {!table ? (
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      ) : (
        <form
          id="join-form"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <section className={styles.hero} aria-labelledby="join-table">
            <h1 id="join-table" className={styles.heroTitle} data-testid="join-table">
              {LL.openTable.tab.tableAt({ table: table.name, area: table.area })}
            </h1>
            <p className={styles.heroMeta}>{props.joining ? T.joinHint() : T.openHint()}</p>
            <p className={styles.joinInfo} style={{ color: 'inherit' }}>
              <span>
                <Icon name="users" size={0.875} /> {T.seats({ max: table.maxPerson })}
              </span>
              {table.fee > 0 && (
                <span>
                  <Icon name="clock" size={0.875} />{' '}
                  {table.feeType === 1
                    ? T.feeHalf({ amount: price(table.fee) })
                    : T.fee({ amount: price(table.fee) })}
                </span>
              )}
            </p>
          </section>
          {props.problem && (
            <p ref={problem} tabIndex={-1} className={styles.problem} role="alert" data-testid="join-problem">
              {props.problem}
            </p>
          )}
          <section className={orderStyles.section}>
            {/* The guest who opens the table says how many sit at it; a guest joining names no headcount. */}
            {!props.joining && (
              <div className={orderStyles.field}>
                <label htmlFor="join-person" className={orderStyles.label}>
                  {T.person()}
                </label>
                <input
                  id="join-person"
                  className={orderStyles.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={table.maxPerson}
                  required
                  value={props.person ?? ''}
                  aria-invalid={tooMany || undefined}
                  aria-describedby="join-person-hint"
                  onChange={(e) => {
                    const n = e.target.value.trim() === '' ? null : Number(e.target.value);
                    props.onPerson(n !== null && Number.isFinite(n) ? n : null);
                  }}
                />
                <span id="join-person-hint" className={tooMany ? orderStyles.fieldError : styles.lineDetail}>
                  {T.personHint({ max: table.maxPerson })}
                </span>
              </div>
            )}
            <div className={orderStyles.field}>
              <label htmlFor="join-name" className={orderStyles.label}>
                {T.nickName()}
              </label>
              <input
                id="join-name"
                className={orderStyles.input}
                maxLength={20}
                autoComplete="nickname"
                value={props.nickName}
                aria-describedby="join-name-hint"
                onChange={(e) => props.onNickName(e.target.value)}
              />
              <span id="join-name-hint" className={styles.lineDetail}>
                {T.nickNameHint()}
              </span>
            </div>
          </section>
        </form>
      )}
      <div className={orderStyles.submitBar}>
        <div className={orderStyles.submitInner}>
          <Button
            type="submit"
            form="join-form"
            size="large"
            block
            disabled={!props.canSubmit || props.busy}
            busy={props.busy}
            data-testid="join-submit"
          >
            {props.busy ? T.opening() : props.joining ? T.joinIt() : T.open()}
          </Button>
        </div>
      </div>
    </Page>
  );
}
