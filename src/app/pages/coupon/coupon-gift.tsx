// After a paid order (spec §7 activity/checkOverSendCoupon): the coupons the order earned are granted once
// and announced ("You got a coupon"), with a way to the customer's coupons. Nothing shows when it earned none.
import { useEffect, useState } from 'react';
import type { CustomerCoupon } from '../../../domain/api/activity';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import { activityApi } from '../../../services/api/activity';
import styles from '../../../views/coupon/coupons.module.css';
import { CouponFace } from '../../../views/coupon/coupon-picker-view';
import { LinkButton } from '../../../views/ui/button';
import { useAppNavigation } from '../../shell';

/** Orders already asked about on this visit: the page may render again, the call goes once. */
const asked = new Map<number, Promise<CustomerCoupon[]>>();

const earned = (orderId: number) => {
  let coupons = asked.get(orderId);
  if (!coupons) {
    coupons = activityApi
      .checkOverSendCoupon({ id: orderId }, { toast: false })
      .then((info) => info.coupons)
      .catch(() => []);
    asked.set(orderId, coupons);
  }
  return coupons;
};

export default function CouponGift({ orderId }: { orderId: number }) {
  const [coupons, setCoupons] = useState<CustomerCoupon[]>([]);
  const messages = useNamespace('coupons');
  useEffect(() => {
    let live = true;
    void earned(orderId).then((list) => live && setCoupons(list));
    return () => {
      live = false;
    };
  }, [orderId]);
  if (coupons.length === 0 || messages !== 'ready') return null;
  return <Gift coupons={coupons} />;
}

function Gift({ coupons }: { coupons: readonly CustomerCoupon[] }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const first = coupons[0]!;
  return (
    <section className={styles.gift} role="status" data-testid="coupon-gift">
      <CouponFace value={first.rules.value} />
      <span className={styles.cardMain}>
        <strong>
          {coupons.length === 1 ? LL.coupons.gift.title() : LL.coupons.gift.many({ count: coupons.length })}
        </strong>
        <span className={styles.muted}>{first.name}</span>
      </span>
      <LinkButton size="small" variant="secondary" href={navigation.href('/pages/user/coupon/list')}>
        {LL.coupons.gift.view()}
      </LinkButton>
    </section>
  );
}
