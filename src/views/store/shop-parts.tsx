// Pieces the shop page and the home tab share: the notice, the order-mode buttons, the contact rows.
import type { OrderType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import styles from './store.module.css';

export function ShopNotice({ notification }: { notification: ShopInfo['notification'] }) {
  const { LL } = useI18nContext();
  if (!notification.isOpen || (notification.title === '' && notification.content === '')) return null;
  return (
    <section className={styles.notice} aria-label={LL.store.notification()}>
      <Icon name="bell" size={1.25} />
      <div>
        {notification.title && <p className={styles.noticeTitle}>{notification.title}</p>}
        {notification.content && <p className={styles.noticeText}>{notification.content}</p>}
      </div>
    </section>
  );
}

export interface OrderModesProps {
  orderTypes: readonly OrderType[];
  onChoose: (orderType: OrderType) => void;
  disabled?: boolean;
}

export function OrderModes({ orderTypes, onChoose, disabled }: OrderModesProps) {
  const { LL } = useI18nContext();
  if (orderTypes.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="order-modes-title">
      <h2 id="order-modes-title" className={styles.panelTitle}>
        {/* A shop that only books appointments is not ordered from. */}
        {orderTypes.every((type) => type === 'appointment') ? LL.store.bookModes() : LL.store.orderModes()}
      </h2>
      <ul className={styles.modes}>
        {orderTypes.map((type, index) => (
          <li key={type}>
            <button
              type="button"
              className={index === 0 ? `${styles.modeButton} ${styles.modePrimary}` : styles.modeButton}
              onClick={() => onChoose(type)}
              disabled={disabled}
              data-order-type={type}
            >
              <span className={styles.modeName}>{LL.orderType[type]()}</span>
              <span className={styles.modeHint}>{LL.orderTypeHint[type]()}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ShopContact({ shop }: { shop: ShopInfo }) {
  const { LL } = useI18nContext();
  const ranges = shop.businessTimeRange.map((r) => `${r.start}–${r.end}`).join(', ');
  return (
    <section className={styles.panel} aria-label={LL.store.enterShop()}>
      <div className={styles.infoRow}>
        <Icon name="clock" size={1.125} />
        <div>
          <span className={styles.infoLabel}>{LL.store.hours()}</span>
          <span className={styles.infoValue}>{shop.businessHours || ranges}</span>
        </div>
      </div>
      <div className={styles.infoRow}>
        <Icon name="location" size={1.125} />
        <div>
          <span className={styles.infoLabel}>{LL.store.address()}</span>
          <span className={styles.infoValue}>{shop.address}</span>
        </div>
      </div>
      {shop.phone && (
        <div className={styles.infoRow}>
          <Icon name="phone" size={1.125} />
          <div>
            <span className={styles.infoLabel}>{LL.store.phone()}</span>
            <a className={styles.phoneLink} href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>
              <span aria-hidden="true">{shop.phone}</span>
              <span className="visually-hidden">{LL.store.call({ phone: shop.phone })}</span>
            </a>
          </div>
        </div>
      )}
    </section>
  );
}

export function ShopServices({ serviceSet }: { serviceSet: ShopInfo['serviceSet'] }) {
  const { LL } = useI18nContext();
  const items = (['wifi', 'parking', 'invoice'] as const).filter((key) => serviceSet[key]);
  if (items.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="shop-services-title">
      <h2 id="shop-services-title" className={styles.panelTitle}>
        {LL.store.services()}
      </h2>
      <div className={styles.services}>
        {items.map((key) => (
          <span key={key} className={styles.chip}>
            {LL.store[key]()}
          </span>
        ))}
      </div>
    </section>
  );
}
