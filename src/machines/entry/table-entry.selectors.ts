// What /product/table reads from the table entry actor.
import type { SnapshotFrom } from 'xstate';
import type { tableEntryMachine } from './table-entry.machine';

type S = SnapshotFrom<typeof tableEntryMachine>;

export const selectTable = (s: S) => s.context.table;
export const selectMaxPerson = (s: S) => s.context.table?.nMaxPerson ?? null;
export const selectPerson = (s: S) => s.context.person;
export const selectNote = (s: S) => s.context.note;
/** Text key `table.error.<reason>`, or null. */
export const selectError = (s: S) => s.context.error;
export const selectIsScanning = (s: S) => s.matches('scanning');
export const selectIsResolving = (s: S) => s.matches('resolving');
/** No table yet: the page offers the scanner and a typed code. */
export const selectNeedsTable = (s: S) => s.matches('waiting');
/** The scanner can be opened: not while a table is loading, whose answer is on its way. */
export const selectCanScan = (s: S) => s.matches('waiting') || s.matches('ready');
/** 开始点餐 works: a table is resolved and no rescan or lookup is under way. */
export const selectCanConfirm = (s: S) => s.matches('ready');
