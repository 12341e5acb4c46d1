// Tab 0 (/pages/user/index-tab): the shop's home: banner, header, notice and the order-mode buttons.
import type { OrderType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { ShopBadge, shopOpenState } from './shop-badge';
import { OrderModes, ShopNotice } from './shop-parts';
import styles from './store.module.css';

export interface HomeTabViewProps {
  shop: ShopInfo;
  onChooseOrderType: (orderType: OrderType) => void;
}

export function HomeTabView({ shop, onChooseOrderType }: HomeTabViewProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const banner = shop.homeSetting.banners[0];
  return (
    <Page withTabBar>
      <h1 className="visually-hidden">{shop.name}</h1>
      <div className={styles.banner}>
        <img className={styles.coverImage} src={banner?.image ?? shop.image} alt={banner?.title ?? ''} />
        <div className={styles.coverShade} />
      </div>
      <div className={`${styles.panel} ${styles.overlap}`}>
        <div className={styles.shopHeader}>
          <img className={styles.shopLogo} src={shop.image} alt="" />
          <div style={{ flex: 1, minWidth: 0 }}>
            <p className={styles.shopName}>{shop.name}</p>
            <div className={styles.headerMeta}>
              <ShopBadge state={shopOpenState(shop)} />
              <span>{shop.businessHours}</span>
            </div>
          </div>
          <a
            className={styles.phoneLink}
            href={navigation.href('/pages/store/index', { id: shop.id })}
            aria-label={LL.store.enterShop()}
          >
            <Icon name="chevron" size={1.25} />
          </a>
        </div>
      </div>
      <ShopNotice notification={shop.notification} />
      <OrderModes orderTypes={shop.orderTypes} onChoose={onChooseOrderType} />
    </Page>
  );
}
