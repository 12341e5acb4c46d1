// Dine-in at a table (spec §2 /product/table, entry routing rule 3, §5 "a table number is required for
// dine; the headcount must be valid"): the table comes from the entry link (`table`, or the printed number
// `table_no`), the in-page scanner or the number the customer types; table/getTableInfo resolves it ("table
// number not found" otherwise), then the customer gives the headcount (1 … the table's nMaxPerson) and a
// note before ordering from the menu.
import { assign, emit, setup } from 'xstate';
import { MAX_HEADCOUNT, MAX_NOTE_LENGTH } from '../../domain/api/order-rules';
import type { GetTableInfoInput, TableInfo, TableRef } from '../../domain/api/table';
import { readTableNo, readTableRef } from '../../domain/api/table-rules';
import type { NavigateEvent } from '../shared/navigation';
import { notProvided } from '../shared/not-provided';

/** Text keys `table.error.<reason>`: spec §8 table number not found, QR code invalid, scan camera failure. */
export type TableEntryErrorReason =
  | 'tableNotFound'
  | 'qrInvalid'
  | 'scanCameraFailure'
  | 'scanPermissionDenied'
  | 'scanUnsupported'
  | 'headcountInvalid'
  | 'noteTooLong';

export interface TableEntryInput {
  shopId: number;
  /** The entry link's table (id or code), if any. */
  table: TableRef | null;
  /** The entry link's printed table number (`table_no`), used when it names no id or code. */
  tableNo?: string | null;
}

export interface TableEntryContext {
  shopId: number;
  code: TableRef | null;
  /** What table/getTableInfo is asked for next (or was last asked for). */
  lookup: GetTableInfoInput | null;
  /** Typed text that reads as an id or code: if none matches, it is tried as the printed number. */
  typed: string | null;
  table: TableInfo | null;
  person: number | null;
  note: string;
  error: TableEntryErrorReason | null;
}

export type TableEntryEvent =
  | { type: 'table.scan'; video: HTMLVideoElement | null }
  | { type: 'table.cancelScan' }
  /** A typed table number, or a pasted link or code. */
  | { type: 'table.enterCode'; code: string }
  | { type: 'table.setPerson'; person: number | null }
  | { type: 'table.setNote'; note: string }
  | { type: 'table.confirm' }
  | { type: 'table.dismissError' };

export interface TableChosen {
  type: 'table.chosen';
  /** The code or id to send as the order's `table` (the id when the table was found by its number). */
  code: TableRef;
  table: TableInfo;
  person: number;
  note: string;
}

export type TableEntryEmitted = TableChosen | NavigateEvent;

/** Why a camera scan failed, as the scanner service names it. */
export type ScanFailure = 'permissionDenied' | 'noCamera' | 'unsupported' | 'cameraFailure' | 'aborted';

/**
 * The table a scanned text names: a storefront link (`…#/?id=<shop>&table=<code>`, the shop must be this
 * one) or a bare code. null when it is neither.
 */
export function tableFromScan(text: string, shopId: number): TableRef | null {
  const trimmed = text.trim();
  let params: URLSearchParams | null = null;
  try {
    const url = new URL(trimmed);
    const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
    params = new URLSearchParams(hashQuery || url.search);
  } catch {
    params = null;
  }
  if (params) {
    const shop = params.get('id') ?? params.get('shop_id');
    if (shop !== null && Number(shop) !== shopId) return null;
    const table = params.get('table');
    return table !== null && readTableRef(table) !== null ? table.trim() : null;
  }
  return readTableRef(trimmed) !== null ? trimmed : null;
}

const SCAN_ERROR: Record<ScanFailure, TableEntryErrorReason | null> = {
  permissionDenied: 'scanPermissionDenied',
  noCamera: 'scanCameraFailure',
  unsupported: 'scanUnsupported',
  cameraFailure: 'scanCameraFailure',
  aborted: null,
};

export const tableEntryMachine = setup({
  types: {
    input: {} as TableEntryInput,
    context: {} as TableEntryContext,
    events: {} as TableEntryEvent,
    emitted: {} as TableEntryEmitted,
  },
  actors: {
    /** The camera scanner: resolves with the QR code's text, rejects with a ScanFailure kind. */
    scanCode: notProvided<string, { video: HTMLVideoElement | null }>('scanCode'),
    /** table/getTableInfo */
    loadTable: notProvided<TableInfo, GetTableInfoInput>('loadTable'),
  },
  guards: {
    hasLookup: ({ context }) => context.lookup !== null,
    hasTable: ({ context }) => context.table !== null,
    isTableCode: ({ context }, params: { text: string }) =>
      tableFromScan(params.text, context.shopId) !== null,
    isTableNo: (_, params: { text: string }) => readTableNo(params.text) !== null,
    canTryAsTableNo: ({ context }) => context.typed !== null && readTableNo(context.typed) !== null,
    isValid: ({ context }) =>
      context.person !== null &&
      Number.isInteger(context.person) &&
      context.person >= 1 &&
      context.person <= Math.min(context.table!.nMaxPerson, MAX_HEADCOUNT) &&
      context.note.length <= MAX_NOTE_LENGTH,
  },
  actions: {
    takeCode: assign(({ context }, params: { text: string; typed?: boolean }) => {
      const code = tableFromScan(params.text, context.shopId)!;
      return {
        code,
        lookup: { tableId: code },
        // Shops print numbers like "01" or "12", which also read as table ids.
        typed: params.typed && readTableNo(params.text) !== null ? params.text.trim() : null,
        error: null,
      };
    }),
    takeTableNo: assign((_, params: { text: string }) => ({
      code: null,
      lookup: { tableNo: readTableNo(params.text)! },
      typed: null,
      error: null,
    })),
    tryTypedAsTableNo: assign(({ context }) => ({
      code: null,
      lookup: { tableNo: readTableNo(context.typed!)! },
      typed: null,
    })),
    storeTable: assign(({ context }, params: { table: TableInfo }) => ({
      table: params.table,
      // Found by its number: the order names the table by id.
      code: context.code ?? params.table.id,
      typed: null,
      error: null,
    })),
    fail: assign((_, params: { reason: TableEntryErrorReason | null }) => ({ error: params.reason })),
    failScan: assign((_, params: { error: unknown }) => {
      const kind = (params.error as { kind?: ScanFailure } | null)?.kind ?? 'cameraFailure';
      return { error: SCAN_ERROR[kind] ?? null };
    }),
    setPerson: assign((_, params: { person: number | null }) => ({ person: params.person, error: null })),
    setNote: assign((_, params: { note: string }) => ({ note: params.note, error: null })),
    showInvalid: assign(({ context }) => ({
      error: (context.note.length > MAX_NOTE_LENGTH
        ? 'noteTooLong'
        : 'headcountInvalid') as TableEntryErrorReason,
    })),
    dismissError: assign({ error: null }),
    forgetTable: assign({ table: null }),
    announceTable: emit(({ context }) => ({
      type: 'table.chosen' as const,
      code: context.code!,
      table: context.table!,
      person: context.person!,
      note: context.note.trim(),
    })),
    navigateToMenu: emit(({ context }) => ({
      type: 'navigate' as const,
      to: { route: '/product/index' as const, query: { table: context.code!, person: context.person! } },
      replace: true,
    })),
  },
}).createMachine({
  id: 'tableEntry',
  context: ({ input }) => ({
    shopId: input.shopId,
    code: input.table,
    lookup:
      input.table !== null ? { tableId: input.table } : input.tableNo ? { tableNo: input.tableNo } : null,
    typed: null,
    table: null,
    person: null,
    note: '',
    error: null,
  }),
  // The headcount and the note belong to the customer, not to the table: typed while the camera is open or a
  // table is loading they are kept (the fields stay on screen during a rescan), not undone.
  on: {
    'table.setPerson': { actions: { type: 'setPerson', params: ({ event }) => event } },
    'table.setNote': { actions: { type: 'setNote', params: ({ event }) => event } },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasLookup', target: 'resolving' }, { target: 'waiting' }],
    },
    waiting: {
      on: {
        'table.scan': { target: 'scanning', actions: 'dismissError' },
        'table.enterCode': [
          {
            guard: { type: 'isTableCode', params: ({ event }) => ({ text: event.code }) },
            target: 'resolving',
            actions: { type: 'takeCode', params: ({ event }) => ({ text: event.code, typed: true }) },
          },
          {
            guard: { type: 'isTableNo', params: ({ event }) => ({ text: event.code }) },
            target: 'resolving',
            actions: { type: 'takeTableNo', params: ({ event }) => ({ text: event.code }) },
          },
          { actions: { type: 'fail', params: { reason: 'tableNotFound' } } },
        ],
        'table.dismissError': { actions: 'dismissError' },
      },
    },
    scanning: {
      tags: 'busy',
      invoke: {
        src: 'scanCode',
        input: ({ event }) => ({ video: event.type === 'table.scan' ? event.video : null }),
        onDone: [
          {
            guard: { type: 'isTableCode', params: ({ event }) => ({ text: event.output }) },
            target: 'resolving',
            actions: { type: 'takeCode', params: ({ event }) => ({ text: event.output }) },
          },
          // A failed rescan keeps the table already resolved.
          { guard: 'hasTable', target: 'ready', actions: { type: 'fail', params: { reason: 'qrInvalid' } } },
          { target: 'waiting', actions: { type: 'fail', params: { reason: 'qrInvalid' } } },
        ],
        onError: [
          {
            guard: 'hasTable',
            target: 'ready',
            actions: { type: 'failScan', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'waiting',
            actions: { type: 'failScan', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      // Leaving the state stops the camera (the actor's signal aborts).
      on: { 'table.cancelScan': [{ guard: 'hasTable', target: 'ready' }, { target: 'waiting' }] },
    },
    resolving: {
      tags: 'busy',
      invoke: {
        src: 'loadTable',
        input: ({ context }) => context.lookup!,
        onDone: {
          target: 'ready',
          actions: { type: 'storeTable', params: ({ event }) => ({ table: event.output }) },
        },
        onError: [
          { guard: 'canTryAsTableNo', target: 'resolving', reenter: true, actions: 'tryTypedAsTableNo' },
          {
            target: 'waiting',
            actions: [{ type: 'fail', params: { reason: 'tableNotFound' } }, 'forgetTable'],
          },
        ],
      },
    },
    ready: {
      on: {
        'table.scan': { target: 'scanning', actions: 'dismissError' },
        'table.confirm': [
          { guard: 'isValid', target: 'done', actions: ['announceTable', 'navigateToMenu'] },
          { actions: 'showInvalid' },
        ],
        'table.dismissError': { actions: 'dismissError' },
      },
    },
    done: { type: 'final' },
  },
});
