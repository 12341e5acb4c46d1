// Tab 1 of a beauty shop (spec §2 "selection … may show cart list or appointment"): the shop, whether it is
// open now (a closed shop still books later times), how far ahead it books and until when changes are free,
// its notice, the customer's next appointment, and its services by category with their duration, price and
// member price, each with a clear way to book it. No cart: a service is booked one at a time.
import type { ReactNode } from 'react';
import type { Product } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { usePriceFormatter } from '../ui/shop-display';
import { ProductRowSkeleton, Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import type { AppointmentTexts } from './appointment-text';
import styles from './appointment.module.css';

export interface ServiceItem {
  product: Product;
  duration: number | null;
  bookable: boolean;
}

export interface ServiceListViewProps {
  T: AppointmentTexts;
  shop: {
    name: string;
    image: string;
    /** Today's hours, e.g. "10:00–21:00". */
    hours: string;
    openNow: boolean;
    notice: string | null;
  };
  /** Days ahead the shop books, and hours before a start changes stay free; null until known. */
  horizonDays: number | null;
  freeChangeHours: number | null;
  sections: readonly { id: number; name: string; services: readonly ServiceItem[] }[] | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  showMemberPrice: boolean;
  onBook: (product: Product) => void;
  /** The customer's next appointment, as a link to it. */
  upcoming: ReactNode;
  asTab: boolean;
}

export function ServiceListView(props: ServiceListViewProps) {
  const { T } = props;
  const head = <PageHead title={props.shop.name} back={!props.asTab} asHeading={false} />;
  return (
    <Page head={props.asTab ? undefined : head} withTabBar={props.asTab}>
      <header className={styles.shop}>
        <div className={styles.shopTop}>
          <img className={styles.shopLogo} src={props.shop.image} alt="" width={56} height={56} />
          <div>
            <h1 className={styles.shopName}>{props.shop.name}</h1>
            <p className={styles.shopState} data-testid="shop-state">
              <span className={props.shop.openNow ? styles.dot : `${styles.dot} ${styles.dotClosed}`} />
              {props.shop.openNow ? T.tab.openNow({ hours: props.shop.hours }) : T.tab.closedNow()}
            </p>
          </div>
        </div>
        {(props.horizonDays !== null || props.freeChangeHours !== null) && (
          <ul className={styles.facts}>
            {props.horizonDays !== null && props.horizonDays > 0 && (
              <li className={styles.fact}>
                <Icon name="calendar" size={0.875} />
                {T.tab.horizon({ days: props.horizonDays })}
              </li>
            )}
            {props.freeChangeHours !== null && (
              <li className={styles.fact}>
                <Icon name="clock" size={0.875} />
                {T.tab.freeChange({ hours: props.freeChangeHours })}
              </li>
            )}
          </ul>
        )}
        {props.shop.notice && (
          <p className={styles.notice}>
            <Icon name="bell" size={1} />
            <span>{props.shop.notice}</span>
          </p>
        )}
      </header>
      {props.upcoming}
      <Services {...props} />
    </Page>
  );
}

function Services(props: ServiceListViewProps) {
  const { LL } = useI18nContext();
  const { T } = props;
  if (props.failed) return <ErrorView message={T.tab.loadFailed()} onRetry={props.onRetry} />;
  if (props.loading || !props.sections)
    return (
      <SkeletonRegion label={LL.app.loading()}>
        <div className={styles.category}>
          <div className={styles.categoryTitle}>
            <Skeleton width="6rem" />
          </div>
          {[0, 1, 2, 3].map((i) => (
            <ProductRowSkeleton key={i} />
          ))}
        </div>
      </SkeletonRegion>
    );
  if (props.sections.length === 0)
    return <EmptyState icon="calendar" title={T.tab.empty()} description={T.tab.emptyHint()} />;
  return (
    <div aria-label={T.tab.servicesLabel()} role="region">
      {props.sections.map((section) => (
        <section key={section.id} className={styles.category} aria-labelledby={`category-${section.id}`}>
          <h2 id={`category-${section.id}`} className={styles.categoryTitle}>
            {section.name}
          </h2>
          <ul className={styles.services}>
            {section.services.map((service) => (
              <ServiceRow
                key={service.product.id}
                T={T}
                service={service}
                showMemberPrice={props.showMemberPrice}
                onBook={props.onBook}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ServiceRow({
  T,
  service,
  showMemberPrice,
  onBook,
}: {
  T: AppointmentTexts;
  service: ServiceItem;
  showMemberPrice: boolean;
  onBook: (product: Product) => void;
}) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { product } = service;
  const nameId = `service-${product.id}`;
  return (
    <li
      className={service.bookable ? styles.service : `${styles.service} ${styles.serviceOff}`}
      data-service-id={product.id}
    >
      <img className={styles.serviceImage} src={product.image} alt="" loading="lazy" width={80} height={80} />
      <div className={styles.serviceBody}>
        <h3 id={nameId} className={styles.serviceName}>
          {product.name}
        </h3>
        {product.description && <p className={styles.serviceDescription}>{product.description}</p>}
        {service.duration !== null && service.duration > 0 && (
          <span className={styles.duration}>
            <Icon name="clock" size={0.875} />
            {T.tab.minutes({ count: service.duration })}
          </span>
        )}
        <div className={styles.serviceFoot}>
          <div className={styles.prices}>
            <span className={styles.price} data-testid="price">
              {format(product.price)}
              {product.originalPrice != null && product.originalPrice > product.price && (
                <s className={styles.original}>
                  <span className="visually-hidden">
                    {LL.product.originalPrice({ price: format(product.originalPrice) })}
                  </span>
                  <span aria-hidden="true">{format(product.originalPrice)}</span>
                </s>
              )}
            </span>
            {showMemberPrice && product.memberPrice != null && product.memberPrice < product.price && (
              <span className={styles.member} data-testid="member-price">
                <span className={styles.memberTag}>{LL.product.memberPrice()}</span>
                {format(product.memberPrice)}
              </span>
            )}
          </div>
          {service.bookable ? (
            <Button
              size="small"
              onClick={() => onBook(product)}
              aria-label={T.tab.bookService({ name: product.name })}
            >
              {T.tab.book()}
            </Button>
          ) : (
            <span className={styles.off}>{T.tab.unavailable()}</span>
          )}
        </div>
      </div>
    </li>
  );
}
