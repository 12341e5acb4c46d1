// delivery/getDistance (spec §7), typed by the contract in src/domain/api/delivery.ts: the server measures
// from the shop to a saved address or a point and says whether it is within the delivery range.
import type { deliveryContract } from '../../domain/api/delivery';
import { contractCalls } from './call';

export const deliveryApi = {
  getDistance: contractCalls<typeof deliveryContract>('delivery')('getDistance'),
};
