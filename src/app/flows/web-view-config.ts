import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { generalApi } from '../../services/api/general';

/** general/webViewConfig: the origins the web-view page may frame; no params. */
export const webViewConfigFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => generalApi.webViewConfig({}, { toast: false })) },
});
