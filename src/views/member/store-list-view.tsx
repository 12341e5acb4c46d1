// /member/store-list: the shops where the member card works (the chain's shops, or this shop).
import type { VipShop } from '../../domain/api/member';
import { useI18nContext } from '../../i18n/i18n-context';
import { ErrorView } from '../ui/error-view';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState } from '../ui/state-views';
import { MemberIcon } from './member-icons';
import styles from './member.module.css';

export function StoreListView({
  shops,
  loading,
  failed,
  error,
  onRetry,
}: {
  shops: VipShop[] | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { LL } = useI18nContext();
  if (failed) return <ErrorView message={error ?? undefined} onRetry={onRetry} />;
  if (loading || !shops)
    return (
      <SkeletonRegion label={LL.member.stores.loading()}>
        <div className={styles.section}>
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.row}>
              <Skeleton width="3.25rem" height="3.25rem" />
              <Skeleton width="60%" />
            </div>
          ))}
        </div>
      </SkeletonRegion>
    );
  if (shops.length === 0) return <EmptyState icon="store" title={LL.member.stores.empty()} />;
  return (
    <section className={styles.section}>
      <ul className={styles.rows} data-testid="member-stores">
        {shops.map((shop) => (
          <li key={shop.id}>
            <div className={styles.row}>
              {shop.image ? (
                <img className={styles.storeImage} src={shop.image} alt="" />
              ) : (
                <span className={styles.storeImage} />
              )}
              <div className={styles.rowText}>
                <p className={styles.storeName}>
                  {shop.name}
                  {shop.current && <span className={styles.here}>{LL.member.stores.current()}</span>}
                </p>
                <p className={styles.rowHint} style={{ margin: '0.125rem 0 0' }}>
                  {shop.address}
                </p>
              </div>
              {shop.phone && (
                <a
                  className={styles.callLink}
                  href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}
                  aria-label={LL.member.stores.call({ name: shop.name })}
                >
                  <MemberIcon name="phone" size={1.25} />
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
