// The sandbox gateway's hosted page: the sandbox checkout machine with the gateway's calls
// (sandboxGateway/session, sandboxGateway/complete), and the browser following the gateway's return
// address when the customer's choice has been taken.
import { fromPromise } from 'xstate';
import { sandboxCheckoutMachine } from '../../machines/payment/sandbox-checkout.machine';
import { sandboxGatewayApi } from '../../services/api/payment';
import { useFlow } from '../use-flow';

// The page shows the gateway's failures itself, so business toasts are off for its calls.
export const sandboxCheckoutFlow = sandboxCheckoutMachine.provide({
  actors: {
    loadSession: fromPromise(({ input }) => sandboxGatewayApi.session(input, { toast: false })),
    complete: fromPromise(({ input }) => sandboxGatewayApi.complete(input, { toast: false })),
  },
});

/** Starts the hosted page's flow for `tradeNo` (null when the link has none) for the page's lifetime. */
export function useSandboxCheckoutFlow(tradeNo: string | null) {
  return useFlow(
    sandboxCheckoutFlow,
    () => ({ input: { tradeNo } }),
    // A full navigation: the return address is the shop's own page, which starts afresh from it.
    (flow) => [flow.on('gateway.leave', (event) => window.location.assign(event.url))],
  );
}
