import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { GetTableInfoInput, TableInfo } from '../../../src/domain/api/table';
import {
  tableEntryMachine,
  tableFromScan,
  type TableEntryEmitted,
  type TableEntryErrorReason,
} from '../../../src/machines/entry/table-entry.machine';
import * as select from '../../../src/machines/entry/table-entry.selectors';
import { coveragePaths, settle } from '../support';

const SHOP_ID = 1;
const CODES = { A: 'tblCodeA4', B: 'tblCodeB7' } as const;
const TABLES: Record<'A' | 'B', TableInfo> = {
  A: {
    id: 4,
    fEachFee: 0,
    nAreaID: 1,
    nFeeType: 0,
    nMaxPerson: 4,
    nStatus: 0,
    sName: 'A4',
    areaName: 'Hall',
    shopId: 1,
    myTabId: null,
    isCounter: false,
  },
  B: {
    id: 7,
    fEachFee: 0,
    nAreaID: 2,
    nFeeType: 0,
    nMaxPerson: 6,
    nStatus: 0,
    sName: 'B7',
    areaName: 'Patio',
    shopId: 1,
    myTabId: null,
    isCounter: false,
  },
};
const linkTo = (shop: number, code: string) => `https://shop.example/#/?id=${shop}&table=${code}`;

type Which = 'A' | 'B';
/** How the table is asked for: by its id/code, or by the number printed on it. */
type By = 'code' | 'number';
interface TableModelContext {
  resolved: Which | null;
  resolvedBy: By | null;
  pending: Which | null;
  by: By | null;
  /** A typed text that read as a code, tried again as a printed number when no code matches. */
  retry: boolean;
  person: 2 | 9 | null;
  error: TableEntryErrorReason | null;
}
/** What the customer types: A's code (which also reads as a printed number), B's printed number. */
const TYPED = { A: CODES.A, B: 'b7' } as const;
type TableModelEvent =
  | { type: 'SCAN' }
  | { type: 'SCANNED_B' }
  | { type: 'SCANNED_OTHER_SHOP' }
  | { type: 'CAMERA_DENIED' }
  | { type: 'CANCEL' }
  | { type: 'TYPE_A' }
  | { type: 'TYPE_NUMBER_B' }
  | { type: 'TYPE_BLANK' }
  | { type: 'FOUND' }
  | { type: 'NOT_FOUND' }
  | { type: 'PERSON'; person: 2 | 9 }
  | { type: 'CONFIRM' };

/** Typed while the camera is open or a table loads: the fields stay on screen once a table is known. */
const person = { guard: 'hasTable' as const, actions: 'setPerson' as const };

const back = (error: TableEntryErrorReason | null) => [
  { guard: 'hasTable' as const, target: 'ready', actions: { type: 'setError' as const, params: { error } } },
  { target: 'waiting', actions: { type: 'setError' as const, params: { error } } },
];

const tableModel = setup({
  types: { context: {} as TableModelContext, events: {} as TableModelEvent },
  actions: {
    setError: assign((_, params: { error: TableEntryErrorReason | null }) => ({ error: params.error })),
    setPerson: assign(({ event }) => ({ person: (event as { person: 2 | 9 }).person, error: null })),
  },
  guards: {
    hasTable: ({ context }) => context.resolved !== null,
    fits: ({ context }) => context.person === 2,
    canRetry: ({ context }) => context.retry,
  },
}).createMachine({
  id: 'tableEntryModel',
  context: {
    resolved: null,
    resolvedBy: null,
    pending: null,
    by: null,
    retry: false,
    person: null,
    error: null,
  },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        SCAN: { target: 'scanning', actions: assign({ error: null }) },
        TYPE_A: {
          target: 'resolving',
          actions: assign({ pending: 'A', by: 'code', retry: true, error: null }),
        },
        TYPE_NUMBER_B: {
          target: 'resolving',
          actions: assign({ pending: 'B', by: 'number', retry: false, error: null }),
        },
        TYPE_BLANK: { actions: assign({ error: 'tableNotFound' }) },
      },
    },
    scanning: {
      on: {
        SCANNED_B: {
          target: 'resolving',
          actions: assign({ pending: 'B', by: 'code', retry: false, error: null }),
        },
        SCANNED_OTHER_SHOP: back('qrInvalid'),
        CAMERA_DENIED: back('scanPermissionDenied'),
        CANCEL: back(null),
        PERSON: person,
      },
    },
    resolving: {
      on: {
        FOUND: {
          target: 'ready',
          actions: assign(({ context }) => ({
            resolved: context.pending,
            resolvedBy: context.by,
            error: null,
          })),
        },
        NOT_FOUND: [
          {
            guard: 'canRetry',
            target: 'resolving',
            reenter: true,
            actions: assign({ by: 'number', retry: false }),
          },
          { target: 'waiting', actions: assign({ resolved: null, error: 'tableNotFound' }) },
        ],
        PERSON: person,
      },
    },
    ready: {
      on: {
        SCAN: { target: 'scanning', actions: assign({ error: null }) },
        PERSON: { actions: 'setPerson' },
        CONFIRM: [{ guard: 'fits', target: 'done' }, { actions: assign({ error: 'headcountInvalid' }) }],
      },
    },
    done: { type: 'final' },
  },
});

describe('tableEntry (model-based)', () => {
  for (const path of coveragePaths(tableModel, [
    { type: 'SCAN' },
    { type: 'SCANNED_B' },
    { type: 'SCANNED_OTHER_SHOP' },
    { type: 'CAMERA_DENIED' },
    { type: 'CANCEL' },
    { type: 'TYPE_A' },
    { type: 'TYPE_NUMBER_B' },
    { type: 'TYPE_BLANK' },
    { type: 'FOUND' },
    { type: 'NOT_FOUND' },
    { type: 'PERSON', person: 2 },
    { type: 'PERSON', person: 9 },
    { type: 'CONFIRM' },
  ])) {
    it(path.description, async () => {
      const scans: { resolve(text: string): void; reject(e: unknown): void; signal: AbortSignal }[] = [];
      const loads: { resolve(t: TableInfo): void; reject(e: Error): void; lookup: GetTableInfoInput }[] = [];
      const emitted: TableEntryEmitted[] = [];
      const actor = createActor(
        tableEntryMachine.provide({
          actors: {
            scanCode: fromPromise(
              ({ signal }) =>
                new Promise<string>((resolve, reject) => scans.push({ resolve, reject, signal })),
            ),
            loadTable: fromPromise(
              ({ input }) =>
                new Promise<TableInfo>((resolve, reject) => loads.push({ resolve, reject, lookup: input })),
            ),
          },
        }),
        { input: { shopId: SHOP_ID, table: null } },
      );
      actor.on('*', (e) => emitted.push(e as TableEntryEmitted));
      actor.start();
      const snap = () => actor.getSnapshot();
      /** What the page enables is what the flow takes at that moment: no tap is dropped. */
      const controlsMatchFlow = () => {
        expect(select.selectCanScan(snap())).toBe(snap().can({ type: 'table.scan', video: null }));
        expect(select.selectCanConfirm(snap())).toBe(snap().can({ type: 'table.confirm' }));
      };
      let pending: Which = 'A';
      await path.run({
        states: {
          waiting: (state) => {
            const m = state.context as TableModelContext;
            controlsMatchFlow();
            expect(select.selectCanScan(snap())).toBe(true);
            expect(select.selectCanConfirm(snap())).toBe(false);
            expect(select.selectNeedsTable(snap())).toBe(true);
            expect(select.selectTable(snap())).toBeNull();
            expect(select.selectError(snap())).toBe(m.error);
          },
          scanning: (state) => {
            const m = state.context as TableModelContext;
            expect(select.selectIsScanning(snap())).toBe(true);
            controlsMatchFlow();
            expect(select.selectCanScan(snap())).toBe(false);
            expect(select.selectCanConfirm(snap())).toBe(false);
            expect(select.selectPerson(snap())).toBe(m.person);
          },
          resolving: (state) => {
            const m = state.context as TableModelContext;
            expect(select.selectIsResolving(snap())).toBe(true);
            controlsMatchFlow();
            // The scanner waits for the table being loaded; so does 开始点餐.
            expect(select.selectCanScan(snap())).toBe(false);
            expect(select.selectCanConfirm(snap())).toBe(false);
            expect(select.selectPerson(snap())).toBe(m.person);
            expect(loads.at(-1)!.lookup).toEqual(
              m.by === 'code' ? { tableId: CODES[m.pending!] } : { tableNo: TYPED[m.pending!] },
            );
          },
          ready: (state) => {
            const m = state.context as TableModelContext;
            controlsMatchFlow();
            expect(select.selectCanConfirm(snap())).toBe(true);
            expect(select.selectCanScan(snap())).toBe(true);
            expect(select.selectTable(snap())).toEqual(TABLES[m.resolved!]);
            expect(select.selectMaxPerson(snap())).toBe(TABLES[m.resolved!].nMaxPerson);
            expect(select.selectPerson(snap())).toBe(m.person);
            expect(select.selectError(snap())).toBe(m.error);
          },
          done: (state) => {
            const m = state.context as TableModelContext;
            expect(snap().status).toBe('done');
            // Found by its printed number, the table travels by id.
            const code = m.resolvedBy === 'code' ? CODES[m.resolved!] : TABLES[m.resolved!].id;
            expect(emitted).toEqual([
              {
                type: 'table.chosen',
                code,
                table: TABLES[m.resolved!],
                person: 2,
                note: 'by the window',
              },
              {
                type: 'navigate',
                to: { route: '/product/index', query: { table: code, person: 2 } },
                replace: true,
              },
            ]);
          },
        },
        events: {
          SCAN: () => actor.send({ type: 'table.scan', video: null }),
          SCANNED_B: async () => {
            pending = 'B';
            scans.at(-1)!.resolve(linkTo(SHOP_ID, CODES.B));
            await settle();
          },
          SCANNED_OTHER_SHOP: async () => {
            scans.at(-1)!.resolve(linkTo(2, CODES.B));
            await settle();
          },
          CAMERA_DENIED: async () => {
            scans.at(-1)!.reject({ kind: 'permissionDenied' });
            await settle();
          },
          CANCEL: async () => {
            const scan = scans.at(-1)!;
            actor.send({ type: 'table.cancelScan' });
            await settle();
            expect(scan.signal.aborted).toBe(true);
          },
          TYPE_A: () => {
            pending = 'A';
            actor.send({ type: 'table.enterCode', code: CODES.A });
          },
          TYPE_NUMBER_B: () => {
            pending = 'B';
            actor.send({ type: 'table.enterCode', code: ` ${TYPED.B} ` });
          },
          TYPE_BLANK: () => actor.send({ type: 'table.enterCode', code: '   ' }),
          FOUND: async () => {
            loads.at(-1)!.resolve(TABLES[pending]);
            await settle();
          },
          NOT_FOUND: async () => {
            loads.at(-1)!.reject(new Error('table number not found'));
            await settle();
          },
          PERSON: ({ person }) => {
            actor.send({ type: 'table.setPerson', person });
            actor.send({ type: 'table.setNote', note: ' by the window ' });
          },
          CONFIRM: () => actor.send({ type: 'table.confirm' }),
        },
      });
      actor.stop();
    });
  }
});

describe('table codes from a scan', () => {
  it("reads the code of this shop's link, refuses another shop's, accepts a bare code", () => {
    expect(tableFromScan(linkTo(1, 'tblCodeA4'), 1)).toBe('tblCodeA4');
    expect(tableFromScan('https://shop.example/?shop_id=1&table=12', 1)).toBe('12');
    expect(tableFromScan(linkTo(2, 'tblCodeA4'), 1)).toBeNull();
    expect(tableFromScan('tblCodeA4', 1)).toBe('tblCodeA4');
    expect(tableFromScan('hello world', 1)).toBeNull();
  });

  it('an entry link with a table resolves it at once', () => {
    const loads: GetTableInfoInput[] = [];
    const actor = createActor(
      tableEntryMachine.provide({
        actors: { loadTable: fromPromise(async ({ input }) => (loads.push(input), TABLES.A)) },
      }),
      { input: { shopId: 1, table: CODES.A, tableNo: 'B7' } },
    ).start();
    expect(select.selectIsResolving(actor.getSnapshot())).toBe(true);
    // The code wins over the printed number.
    expect(loads).toEqual([{ tableId: CODES.A }]);
    actor.stop();
  });

  it('an entry link with only a printed table number (table_no) looks it up and orders by table id', async () => {
    const loads: GetTableInfoInput[] = [];
    const emitted: TableEntryEmitted[] = [];
    const actor = createActor(
      tableEntryMachine.provide({
        actors: { loadTable: fromPromise(async ({ input }) => (loads.push(input), TABLES.B)) },
      }),
      { input: { shopId: 1, table: null, tableNo: 'B7' } },
    );
    actor.on('*', (e) => emitted.push(e as TableEntryEmitted));
    actor.start();
    await settle();
    expect(loads).toEqual([{ tableNo: 'B7' }]);
    expect(select.selectTable(actor.getSnapshot())).toEqual(TABLES.B);
    actor.send({ type: 'table.setPerson', person: 3 });
    actor.send({ type: 'table.confirm' });
    expect(emitted.map((e) => (e.type === 'table.chosen' ? e.code : e.to.query))).toEqual([
      TABLES.B.id,
      { table: TABLES.B.id, person: 3 },
    ]);
    actor.stop();
  });

  it('an unknown printed table number says "table number not found"', async () => {
    const actor = createActor(
      tableEntryMachine.provide({
        actors: {
          loadTable: fromPromise<TableInfo, GetTableInfoInput>(async () => {
            throw new Error('台号不存在');
          }),
        },
      }),
      { input: { shopId: 1, table: null, tableNo: 'A12' } },
    ).start();
    await settle();
    expect(select.selectNeedsTable(actor.getSnapshot())).toBe(true);
    expect(select.selectError(actor.getSnapshot())).toBe('tableNotFound');
    actor.stop();
  });
});
