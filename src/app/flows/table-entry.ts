// Table entry: scanning a table's QR code (the scanner loads on first scan) and reading the table.
import { fromPromise } from 'xstate';
import { tableEntryMachine } from '../../machines/entry/table-entry.machine';
import { tableApi } from '../../services/api/table';
import { scanQrCode, ScanError } from '../../services/scanner';

export const tableEntryFlow = tableEntryMachine.provide({
  actors: {
    scanCode: fromPromise(({ input, signal }) => {
      if (!input.video) return Promise.reject(new ScanError('cameraFailure', 'no video element'));
      return scanQrCode({ video: input.video, signal });
    }),
    loadTable: fromPromise(({ input }) => tableApi.getTableInfo(input, { toast: false })),
  },
});
