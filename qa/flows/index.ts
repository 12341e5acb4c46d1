// The flows QA generates paths for and replays. A flow is listed here only when every event and every state
// of its model has a page mapping (assertMapped throws otherwise, naming what is missing).
import { assertMapped, type QaFlow } from '../flow';
import { appointmentFlow } from './appointment';
import { appointmentCancelFlow } from './appointment-cancel';
import { checkoutFlow } from './checkout';
import { couponSelectionFlow } from './coupon-selection';
import { entryFlow } from './entry';
import { expandRedBagFlow } from './expand-red-bag';
import { openTableFlow } from './open-table';
import { orderWatchFlow } from './order-watch';
import { payPasswordFlow } from './pay-password';
import { pointExchangeFlow } from './point-exchange';
import { paymentFlow } from './payment';
import { rechargeFlow } from './recharge';
import { shopStatusFlow } from './shop-status';
import { unpaidCountdownFlow } from './unpaid-countdown';

export const FLOWS: QaFlow[] = [
  checkoutFlow,
  paymentFlow,
  entryFlow,
  shopStatusFlow,
  unpaidCountdownFlow,
  orderWatchFlow,
  couponSelectionFlow,
  rechargeFlow,
  payPasswordFlow,
  pointExchangeFlow,
  expandRedBagFlow,
  appointmentFlow,
  appointmentCancelFlow,
  openTableFlow,
].map((flow) => flow as unknown as QaFlow);

export function flowNamed(name: string): QaFlow {
  const flow = FLOWS.find((f) => f.name === name);
  if (!flow) throw new Error(`No QA flow "${name}". Flows: ${FLOWS.map((f) => f.name).join(', ')}.`);
  assertMapped(flow);
  return flow;
}
