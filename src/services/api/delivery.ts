// delivery/getDistance (spec §7), from the contract in src/domain/api/delivery.ts: the server measures
// from the shop to a saved address or a point and says whether it is within the delivery range.
import { deliveryContract } from '../../domain/api/delivery';
import { contractCall } from './call';

export const deliveryApi = {
  getDistance: contractCall('delivery', deliveryContract, 'getDistance'),
};
