// A forwardable coupon's "Forward to a friend" (decision C111), for the coupon detail page to mount:
// `<ForwardCoupon couponId={coupon.id} />` where `coupon.forwardable` is true. The link is made
// (activity/forwardCoupon) only when the sheet opens, and again after a failure; it carries the shop.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { ForwardSheet } from '../../../views/red-bag/forward-sheet';
import { useAppState } from '../../app-state';
import { forwardCouponFlow } from '../../flows/red-bag';
import { shareLink } from '../../share-link';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

export default function ForwardCoupon({ couponId }: { couponId: number }) {
  return (
    <WithMessages namespace="redBag">
      <Forward couponId={couponId} />
    </WithMessages>
  );
}

function Forward({ couponId }: { couponId: number }) {
  const { LL } = useI18nContext();
  const { shop } = useAppState();
  const [open, setOpen] = useState(false);
  const actor = useFlow(forwardCouponFlow, () => ({ input: undefined }));
  const made = useSelector(actor ?? undefined, (s) => (s ? selectData<{ path: string }>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const link = made && shop ? shareLink(window.location, made.path, shop.id) : null;
  return (
    <ForwardSheet
      open={open}
      onOpen={() => {
        setOpen(true);
        // One link per page visit: reopening the sheet shows the same link.
        if (!made) actor?.send({ type: 'resource.load', params: { id: couponId } });
      }}
      onClose={() => setOpen(false)}
      status={failed ? 'failed' : link ? 'ready' : 'making'}
      link={link}
      error={error ? errorText(LL, error) : null}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      text={LL.redBag.forward.text({ shop: shop?.name ?? '' })}
    />
  );
}
