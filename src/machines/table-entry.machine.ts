// Dine-in at a table (spec §2 /product/table, entry routing rule 3, §5 "a table number is required for
// dine; the headcount must be valid"): the table comes from the entry link (`table`) or from the in-page
// scanner, table/getTableInfo resolves it ("table number not found" otherwise), then the customer gives
// the headcount (1 … the table's nMaxPerson) and a note before ordering from the menu.
import { assign, emit, setup } from 'xstate';
import { MAX_HEADCOUNT, MAX_NOTE_LENGTH } from '../domain/api/order-rules';
import type { TableInfo, TableRef } from '../domain/api/table';
import { readTableRef } from '../domain/api/table-rules';
import type { NavigateEvent } from './navigation';
import { notProvided } from './not-provided';

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
}

export interface TableEntryContext {
  shopId: number;
  code: TableRef | null;
  table: TableInfo | null;
  person: number | null;
  note: string;
  error: TableEntryErrorReason | null;
}

export type TableEntryEvent =
  | { type: 'table.scan'; video: HTMLVideoElement | null }
  | { type: 'table.cancelScan' }
  | { type: 'table.enterCode'; code: string }
  | { type: 'table.setPerson'; person: number | null }
  | { type: 'table.setNote'; note: string }
  | { type: 'table.confirm' }
  | { type: 'table.dismissError' };

export interface TableChosen {
  type: 'table.chosen';
  /** The code or id to send as the order's `table`. */
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
    loadTable: notProvided<TableInfo, { tableId: TableRef }>('loadTable'),
  },
  guards: {
    hasCode: ({ context }) => context.code !== null,
    hasTable: ({ context }) => context.table !== null,
    isTableCode: ({ context }, params: { text: string }) =>
      tableFromScan(params.text, context.shopId) !== null,
    isValid: ({ context }) =>
      context.person !== null &&
      Number.isInteger(context.person) &&
      context.person >= 1 &&
      context.person <= Math.min(context.table!.nMaxPerson, MAX_HEADCOUNT) &&
      context.note.length <= MAX_NOTE_LENGTH,
  },
  actions: {
    takeCode: assign(({ context }, params: { text: string }) => ({
      code: tableFromScan(params.text, context.shopId),
      error: null,
    })),
    storeTable: assign((_, params: { table: TableInfo }) => ({ table: params.table, error: null })),
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
    table: null,
    person: null,
    note: '',
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasCode', target: 'resolving' }, { target: 'waiting' }],
    },
    waiting: {
      on: {
        'table.scan': { target: 'scanning', actions: 'dismissError' },
        'table.enterCode': [
          {
            guard: { type: 'isTableCode', params: ({ event }) => ({ text: event.code }) },
            target: 'resolving',
            actions: { type: 'takeCode', params: ({ event }) => ({ text: event.code }) },
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
        input: ({ context }) => ({ tableId: context.code! }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeTable', params: ({ event }) => ({ table: event.output }) },
        },
        onError: {
          target: 'waiting',
          actions: [{ type: 'fail', params: { reason: 'tableNotFound' } }, 'forgetTable'],
        },
      },
    },
    ready: {
      on: {
        'table.setPerson': { actions: { type: 'setPerson', params: ({ event }) => event } },
        'table.setNote': { actions: { type: 'setNote', params: ({ event }) => event } },
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
