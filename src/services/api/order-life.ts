// The calls of an order's life after it is placed (spec §7 order/close, order/confirmDelivered,
// order/deliveryInfo) and order/eventsTicket, the ticket of the live status stream; typed by the contract
// in src/domain/api/order-life.ts. Paying has its own module (./payment).
import type { orderLifeContract } from '../../domain/api/order-life';
import { contractCalls } from './call';

const call = contractCalls<typeof orderLifeContract>('order');

export const orderLifeApi = {
  close: call('close'),
  confirmDelivered: call('confirmDelivered'),
  deliveryInfo: call('deliveryInfo'),
  eventsTicket: call('eventsTicket'),
};
