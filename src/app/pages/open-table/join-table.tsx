// /product/table?table=<code>&status=0|1 of an open-table shop (entry routing rule 5): the table is read, then
// the guest opens its tab (status 0) or joins the one open (status 1 or 2) with the headcount and an optional
// name, and lands on /order/order. A guest already at the table's tab goes straight to it.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type Actor } from 'xstate';
import type { TableInfo } from '../../../domain/api/table';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { errorText } from '../../../i18n/error-text';
import type { openTableMachine } from '../../../machines/open-table/open-table.machine';
import * as select from '../../../machines/open-table/open-table.selectors';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { tableApi } from '../../../services/api/table';
import { storage } from '../../../services/storage';
import { JoinView } from '../../../views/open-table/join-view';
import { ErrorView } from '../../../views/ui/error-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { useAppState } from '../../app-state';
import { openTableFlow } from '../../flows/open-table';
import { newIdempotencyKey } from '../../idempotency-key';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';

const tableRead = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) => tableApi.getTableInfo({ tableId: input as string }, { toast: false })),
  },
});

export function JoinTable({ shop, code, status }: { shop: ShopInfo; code: string; status: number }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const read = useFlow(tableRead, () => ({ input: { params: code } }));
  const table = useSelector(read ?? undefined, (s) => (s ? selectData<TableInfo>(s) : null));
  const failed = useSelector(read ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(read ?? undefined, (s) => (s ? selectError(s) : null));
  useEffect(() => {
    if (table?.myTabId) navigation.go('/order/order', { id: table.myTabId }, { replace: true });
  }, [table, navigation]);
  if (failed)
    return (
      <Page head={<PageHead title={LL.openTable.join.openTitle()} />}>
        <ErrorView
          message={error ? errorText(LL, error) : undefined}
          onRetry={() => read?.send({ type: 'resource.retry' })}
        />
      </Page>
    );
  if (!table || table.myTabId)
    return (
      <JoinView
        table={null}
        joining={status !== 0}
        person={null}
        nickName=""
        busy={false}
        canSubmit={false}
        problem={null}
        onPerson={() => undefined}
        onNickName={() => undefined}
        onSubmit={() => undefined}
      />
    );
  return <Join shop={shop} code={code} table={table} />;
}

function Join({ shop, code, table }: { shop: ShopInfo; code: string; table: TableInfo }) {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const actor = useFlow(
    openTableFlow,
    () => ({
      input: {
        tabId: null,
        table: { code, status: table.nStatus, maxPerson: table.nMaxPerson },
        monotonic: () => performance.now(),
        newKey: newIdempotencyKey,
      },
    }),
    (flow) => [
      flow.on('tab.opened', (event) => {
        storage.setOpenTab(shop.id, event.tabId);
        session.send({ type: 'session.setOrderType', orderType: 'openTable' });
        navigation.go('/order/order', { id: event.tabId }, { replace: true });
      }),
    ],
  );
  if (!actor) return null;
  return <JoinForm actor={actor} table={table} />;
}

function JoinForm({ actor, table }: { actor: Actor<typeof openTableMachine>; table: TableInfo }) {
  const { LL } = useI18nContext();
  const person = useSelector(actor, (s) => s.context.person);
  const nickName = useSelector(actor, (s) => s.context.nickName);
  const busy = useSelector(actor, select.selectIsBusy);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'join.submit' }));
  const problem = useSelector(actor, select.selectProblem);
  // The machine's table, not the read one: a tab that ended while joining makes the table idle again.
  const joining = useSelector(actor, (s) => (s.context.table?.status ?? table.nStatus) !== 0);
  return (
    <JoinView
      table={{
        name: table.sName,
        area: table.areaName,
        maxPerson: table.nMaxPerson,
        fee: table.fEachFee,
        feeType: table.nFeeType,
      }}
      joining={joining}
      person={person}
      nickName={nickName}
      busy={busy}
      canSubmit={canSubmit}
      problem={problem ? errorText(LL, problem.message) : null}
      onPerson={(value) => actor.send({ type: 'join.person', person: value })}
      onNickName={(value) => actor.send({ type: 'join.nickName', nickName: value })}
      onSubmit={() => actor.send({ type: 'join.submit' })}
    />
  );
}
