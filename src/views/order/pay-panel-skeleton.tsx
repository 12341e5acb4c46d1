// The pay panel's loading view, apart from the panel: a page shows it while the panel's code or its order
// loads, without loading the panel's code first.
import { useI18nContext } from '../../i18n/i18n-context';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import styles from './pay-panel.module.css';

export function PayPanelSkeleton() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <div className={styles.panel}>
        <Skeleton width="40%" height="2rem" />
        <Skeleton width="100%" height="3rem" />
        <Skeleton width="100%" height="3rem" />
      </div>
    </SkeletonRegion>
  );
}
