// /product/table?table=: the table entry flow. The chosen table, headcount and note go with the visit's
// cart, so the dine-in order is for that table; then the menu opens.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { TableEntryErrorReason, tableEntryMachine } from '../../../machines/entry/table-entry.machine';
import {
  selectCanConfirm,
  selectCanScan,
  selectError,
  selectIsResolving,
  selectIsScanning,
  selectMaxPerson,
  selectNeedsTable,
  selectNote,
  selectPerson,
  selectTable,
} from '../../../machines/entry/table-entry.selectors';
import { TableView } from '../../../views/product/table-view';
import { useAppState } from '../../app-state';
import { useCart } from '../../cart-state';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { tableEntryFlow } from '../../flows/table-entry';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/product/table');
const JoinTable = lazy(() => import('../open-table/join-table').then((m) => ({ default: m.JoinTable })));

export default function ProductTablePage() {
  return (
    <WithMessages namespace="checkout">
      <ProductTablePageContent />
    </WithMessages>
  );
}

function ProductTablePageContent() {
  const { table, status } = route.useSearch();
  return (
    <RequireShop>
      {(shop) =>
        // Entry routing rule 5 sends an open-table shop's tables here with their status: open or join the tab.
        status !== undefined && table && shop.orderTypes.includes('openTable') ? (
          <WithMessages namespace="openTable">
            <Suspense fallback={null}>
              <JoinTable shop={shop} code={table} status={Number(status) || 0} />
            </Suspense>
          </WithMessages>
        ) : (
          <Entry shop={shop} />
        )
      }
    </RequireShop>
  );
}

function Entry({ shop }: { shop: ShopInfo }) {
  const { table: fromLink, tableNo } = route.useSearch();
  const { table, setTable, setDineDetails } = useCart();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const actor = useFlow(
    tableEntryFlow,
    // A printed number from the link (`table_no`) is looked up by the page; the cart's table is the fallback.
    () => ({
      input: { shopId: shop.id, table: fromLink ?? (tableNo ? null : table), tableNo: tableNo ?? null },
    }),
    (flow) => [
      flow.on('table.chosen', (event) => {
        setTable(String(event.code));
        setDineDetails({ person: event.person, note: event.note });
        session.send({ type: 'session.setOrderType', orderType: 'dine' });
      }),
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  if (!actor) return null;
  return <Table actor={actor} />;
}

const FIELD: Record<TableEntryErrorReason, 'table' | 'person' | 'note'> = {
  tableNotFound: 'table',
  qrInvalid: 'table',
  scanCameraFailure: 'table',
  scanPermissionDenied: 'table',
  scanUnsupported: 'table',
  headcountInvalid: 'person',
  noteTooLong: 'note',
};

function Table({ actor }: { actor: Actor<typeof tableEntryMachine> }) {
  const { LL } = useI18nContext();
  const table = useSelector(actor, selectTable);
  const maxPerson = useSelector(actor, selectMaxPerson);
  const person = useSelector(actor, selectPerson);
  const note = useSelector(actor, selectNote);
  const error = useSelector(actor, selectError);
  const scanning = useSelector(actor, selectIsScanning);
  const resolving = useSelector(actor, selectIsResolving);
  const needsTable = useSelector(actor, selectNeedsTable);
  const canScan = useSelector(actor, selectCanScan);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const text =
    error === 'headcountInvalid'
      ? LL.checkout.tablePage.error.headcountInvalid({ max: maxPerson ?? 99 })
      : error === 'noteTooLong'
        ? LL.checkout.tablePage.error.noteTooLong({ max: 200 })
        : error
          ? LL.checkout.tablePage.error[error]()
          : null;
  return (
    <TableView
      tableName={table ? `${table.areaName} ${table.sName}` : null}
      maxPerson={maxPerson}
      person={person}
      note={note}
      error={text}
      errorField={error ? FIELD[error] : null}
      resolving={resolving}
      scanning={scanning}
      needsTable={needsTable}
      canScan={canScan}
      canConfirm={canConfirm}
      onScan={(video) => actor.send({ type: 'table.scan', video })}
      onCancelScan={() => actor.send({ type: 'table.cancelScan' })}
      onEnterCode={(code) => actor.send({ type: 'table.enterCode', code })}
      onPerson={(value) => actor.send({ type: 'table.setPerson', person: value })}
      onNote={(value) => actor.send({ type: 'table.setNote', note: value })}
      onConfirm={() => actor.send({ type: 'table.confirm' })}
    />
  );
}
