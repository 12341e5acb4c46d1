// A plain page load (store list, shop detail, user info): idle → loading → ready | failed, with retry and
// reload. Pages whose loading has no rules of its own use this rather than a bespoke machine; the async
// load error view of spec §2 ("shows a message and reloads on click") reads `failed` and sends retry.
import { assign, setup } from 'xstate';
import { errorMessage, notProvided } from './not-provided';

// One machine for every resource: params and data are opaque here; the app's provided `load` actor and
// the typed selector `selectData<T>` give them their types at the edges.
export interface ResourceContext {
  params: unknown;
  data: unknown;
  error: string | null;
}

export type ResourceEvent =
  { type: 'resource.load'; params: unknown } | { type: 'resource.retry' } | { type: 'resource.reload' };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as { params?: unknown } | undefined,
  },
  actors: {
    load: notProvided<unknown, unknown>('load'),
  },
  guards: {
    hasParams: ({ context }) => context.params !== undefined,
  },
  actions: {
    setParams: assign((_, params: { params: unknown }) => ({ params: params.params })),
    storeData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ params: input?.params, data: null, error: null }),
  initial: 'starting',
  on: {
    'resource.load': {
      target: '.loading',
      actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasParams', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      tags: 'busy',
      invoke: {
        src: 'load',
        input: ({ context }: { context: ResourceContext }) => context.params,
        onDone: {
          target: 'ready',
          actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    ready: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      tags: 'error',
      on: { 'resource.retry': 'loading' },
    },
  },
});
