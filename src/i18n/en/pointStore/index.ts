// The points mall (spec §2 /member/point-store/point-store, coupon-detail, exchange-success). Loaded with
// loadNamespaceAsync before those pages render.
import type { BaseTranslation } from '../../i18n-types';

const en_pointStore = {
  title: 'Points mall',
  detailTitle: 'Coupon details',
  successTitle: 'Exchange successful',
  myPoints: 'My points',
  history: 'Points history',
  pointsPrice: '{points:number} points',
  stockLeft: '{count:number} left',
  perMember: 'Limit {count:number} per member',
  kindCoupon: 'Coupon',
  kindProduct: 'Collect in store',
  exchange: 'Exchange',
  soldOut: 'Sold out',
  limitReached: 'Limit reached',
  notEnoughPoints: 'Not enough points',
  empty: 'Nothing to exchange yet',
  emptyHint: 'New rewards appear here when the shop adds them.',
  quantity: 'Quantity',
  increase: 'One more',
  decrease: 'One fewer',
  confirmTitle: 'Confirm exchange',
  total: 'Points needed',
  after: 'Points left after',
  confirm: 'Exchange now',
  cancel: 'Cancel',
  exchanging: 'Exchanging…',
  couponsGranted: 'Added to your coupons',
  viewCoupons: 'View my coupons',
  collectCode: 'Collect code',
  collectHint: 'Show this code at the counter to collect your item.',
  pointsSpent: 'Points spent',
  pointsLeft: 'Points left',
  backToMall: 'Back to the points mall',
  endsOn: 'Until {date:string}',
  rules: 'How to use',
  notFound: 'This exchange could not be found.',
  details: 'Details',
} satisfies BaseTranslation;

export default en_pointStore;
