// The red bag calls of spec §7 "Activity" (activity/receiveExpandCoupon, getTimesRedBag, checkTimesRedBag)
// and the forwarding the storefront adds (forwardCoupon, claimForwarded), typed by the contract in
// src/domain/api/activity.ts. An expand activity's detail (rules and the linked bag) is activity/detail,
// in ./activity. Claims call without the request layer's toast: the red bag page says a refusal itself.
import type { activityContract } from '../../domain/api/activity';
import { contractCalls } from './call';

const call = contractCalls<typeof activityContract>('activity');

export const redBagApi = {
  receiveExpandCoupon: call('receiveExpandCoupon'),
  forwardCoupon: call('forwardCoupon'),
  claimForwarded: call('claimForwarded'),
  getTimesRedBag: call('getTimesRedBag'),
  checkTimesRedBag: call('checkTimesRedBag'),
};
