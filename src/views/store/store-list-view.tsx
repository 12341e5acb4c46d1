// /pages/store/list: every shop as a card; a card opens the shop through the entry flow, so the customer
// lands where the shop's routing rules say.
import type { ShopSummary } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { ShopBadge, shopOpenState } from './shop-badge';
import styles from './store.module.css';

export interface StoreListViewProps {
  shops: readonly ShopSummary[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function StoreListView({ shops, loading, failed, onRetry }: StoreListViewProps) {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.store.listTitle()} />}>
      {failed ? (
        <ErrorView onRetry={onRetry} />
      ) : loading || !shops ? (
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      ) : shops.length === 0 ? (
        <EmptyState icon="store" title={LL.store.listEmpty()} />
      ) : (
        <ul className={styles.list} aria-label={LL.store.listTitle()}>
          {shops.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function ShopCard({ shop }: { shop: ShopSummary }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const titleId = `shop-${shop.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <a className={styles.cardLink} href={navigation.href('/', { id: shop.id })} data-shop-id={shop.id}>
        <img className={styles.cardImage} src={shop.image} alt="" loading="lazy" width={120} height={90} />
        <div className={styles.cardBody}>
          <h2 id={titleId} className={styles.cardTitle}>
            {shop.name}
          </h2>
          {shop.chainName && <p className={styles.muted}>{LL.store.chain({ chain: shop.chainName })}</p>}
          <p className={styles.cardLine}>
            <Icon name="clock" size={0.875} />
            <span>{shop.businessHours}</span>
          </p>
          <p className={styles.cardLine}>
            <Icon name="location" size={0.875} />
            <span className={styles.ellipsis}>{shop.address}</span>
          </p>
          <div className={styles.chips}>
            <ShopBadge state={shopOpenState(shop)} />
            {shop.orderTypes.map((type) => (
              <span key={type} className={styles.chip}>
                {LL.orderType[type]()}
              </span>
            ))}
          </div>
        </div>
      </a>
      <a className={styles.detailsLink} href={navigation.href('/pages/store/index', { id: shop.id })}>
        {LL.store.enterShop()}
        <span className="visually-hidden">: {shop.name}</span>
        <Icon name="chevron" size={1} />
      </a>
    </article>
  );
}
