// The user centre's way to the customer's coupons (with how many they can use) and to the shop's offers,
// loaded beside the centre with its messages.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import { usableCount } from '../../../machines/coupon/coupon-wallet.rules';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { activityApi } from '../../../services/api/activity';
import styles from '../../../views/coupon/coupons.module.css';
import { Icon } from '../../../views/ui/icons';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';

export default function CouponEntry() {
  const messages = useNamespace('coupons');
  return messages === 'ready' ? <Entry /> : null;
}

function Entry() {
  const { LL } = useI18nContext();
  const { session, shop } = useAppState();
  const navigation = useAppNavigation();
  const hasPhone = useSelector(session, selectHasPhone);
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!hasPhone) return;
    let live = true;
    // The count is a hint: without it the row still leads to the list, which says what went wrong.
    activityApi.couponList({ isAll: false }, { toast: false }).then(
      (info) => live && setCount(usableCount(info.coupons)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [hasPhone]);
  return (
    <nav className={styles.section} aria-label={LL.coupons.list.title()}>
      <a className={styles.row} href={navigation.href('/pages/user/coupon/list')} data-testid="my-coupons">
        <span className={styles.rowLabel}>{LL.coupons.list.title()}</span>
        <span className={styles.rowValue}>{count !== null ? LL.coupons.row.usable({ count }) : ''}</span>
        <Icon name="chevron" size={1} />
      </a>
      {shop && (
        <a className={styles.row} href={navigation.href('/pages/activity/list')}>
          <span className={styles.rowLabel}>{LL.coupons.offers.title()}</span>
          <span className={styles.rowValue} />
          <Icon name="chevron" size={1} />
        </a>
      )}
    </nav>
  );
}
