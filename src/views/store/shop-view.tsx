// /pages/store/index: the shop's own page: cover, hours, address, phone, notice and its order modes.
import type { OrderType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, Skeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import { ShopBadge, shopOpenState } from './shop-badge';
import { OrderModes, ShopContact, ShopNotice, ShopServices } from './shop-parts';
import styles from './store.module.css';

export interface ShopViewProps {
  shop: ShopInfo | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onChooseOrderType: (orderType: OrderType) => void;
}

export function ShopView({ shop, loading, failed, onRetry, onChooseOrderType }: ShopViewProps) {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={shop?.name ?? LL.store.enterShop()} floating />}>
      {failed ? (
        <div style={{ paddingTop: 'var(--head-height)' }}>
          <ErrorView onRetry={onRetry} />
        </div>
      ) : loading || !shop ? (
        <SkeletonRegion label={LL.app.loading()}>
          <Skeleton width="100%" height="12.5rem" style={{ borderRadius: 0 }} />
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      ) : (
        <>
          <div className={styles.cover}>
            <img className={styles.coverImage} src={shop.image} alt="" />
          </div>
          <div className={`${styles.panel} ${styles.overlap}`}>
            <p className={styles.shopName} aria-hidden="true">
              {shop.name}
            </p>
            <div className={styles.headerMeta}>
              <ShopBadge state={shopOpenState(shop)} />
              {shop.chainName && <span>{LL.store.chain({ chain: shop.chainName })}</span>}
            </div>
          </div>
          <ShopNotice notification={shop.notification} />
          <OrderModes orderTypes={shop.orderTypes} onChoose={onChooseOrderType} />
          <ShopContact shop={shop} />
          <ShopServices serviceSet={shop.serviceSet} />
        </>
      )}
    </Page>
  );
}
