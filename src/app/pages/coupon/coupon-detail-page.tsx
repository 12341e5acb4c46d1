// /pages/user/coupon/detail?id=: one of the customer's coupons, its full rules and the products it covers.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { CouponDetailView } from '../../../views/coupon/coupon-detail-view';
import type { CouponDetailInfo } from '../../../views/coupon/types';
import { useAppState } from '../../app-state';
import { useFlow } from '../../use-flow';
import { couponDetailFlow } from '../../flows/coupons';
import { WithMessages } from '../../with-messages';
import { LoginFirst } from './coupon-list-page';

const route = getRouteApi('/pages/user/coupon/detail');
// Loaded only for a coupon its owner may forward: the share sheet and its QR code stay out of this page.
const ForwardCoupon = lazy(() => import('./forward-coupon'));

export default function CouponDetailPage() {
  return (
    <WithMessages namespace="coupons">
      <CouponDetailContent />
    </WithMessages>
  );
}

function CouponDetailContent() {
  const { session } = useAppState();
  const hasPhone = useSelector(session, selectHasPhone);
  return hasPhone ? <Detail /> : <LoginFirst />;
}

function Detail() {
  const { id } = route.useSearch();
  const actor = useFlow(couponDetailFlow, () => ({ input: id ? { params: { id } } : {} }));
  const coupon = useSelector(actor ?? undefined, (s) => (s ? selectData<CouponDetailInfo>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  return (
    <CouponDetailView
      coupon={coupon}
      loading={loading && id !== undefined}
      failed={failed || id === undefined}
      error={error}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      actions={
        coupon?.forwardable && coupon.state === 'usable' ? (
          <Suspense fallback={null}>
            <ForwardCoupon couponId={coupon.id} />
          </Suspense>
        ) : null
      }
    />
  );
}
