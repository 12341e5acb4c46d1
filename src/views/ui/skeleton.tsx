// Grey placeholders in the shape of what is loading, so the layout does not jump when data arrives.
import type { CSSProperties, ReactNode } from 'react';
import styles from './skeleton.module.css';

export function Skeleton({
  width,
  height = '1rem',
  round,
  style,
}: {
  width?: string;
  height?: string;
  round?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span
      className={styles.block}
      style={{ width, height, borderRadius: round ? '50%' : undefined, ...style }}
      aria-hidden="true"
    />
  );
}

/** A whole loading region: hidden visual blocks plus one announced label. */
export function SkeletonRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className={styles.region}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

export function ProductRowSkeleton() {
  return (
    <div className={styles.row}>
      <Skeleton width="4.75rem" height="4.75rem" style={{ borderRadius: '0.5rem' }} />
      <div className={styles.lines}>
        <Skeleton width="70%" />
        <Skeleton width="45%" height="0.75rem" />
        <Skeleton width="30%" height="1.125rem" />
      </div>
    </div>
  );
}

export function CardSkeleton() {
  return (
    <div className={styles.card}>
      <Skeleton width="100%" height="7.5rem" style={{ borderRadius: '0.5rem' }} />
      <Skeleton width="60%" />
      <Skeleton width="85%" height="0.75rem" />
    </div>
  );
}

/** The category rail while the menu loads: a column of short bars on the rail's own background. */
export function RailSkeleton({ className }: { className?: string | undefined }) {
  return (
    <div className={`${styles.rail} ${className ?? ''}`} aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} width="3.5rem" height="0.875rem" />
      ))}
    </div>
  );
}

/**
 * The menu before its shop is known (the entry page, which usually routes on to it): the search bar, the
 * shop header, the order types, the rail and product rows, where the menu will draw them.
 */
export function MenuSkeleton() {
  return (
    <div className={styles.menu}>
      <div className={styles.menuTop}>
        <Skeleton width="100%" height="2.125rem" style={{ borderRadius: '999px' }} />
      </div>
      <div className={styles.menuHeader}>
        <Skeleton width="55%" height="1.25rem" />
        <Skeleton width="40%" height="0.875rem" />
      </div>
      <div className={styles.menuTypes}>
        <Skeleton width="3.5rem" height="1.875rem" style={{ borderRadius: '999px' }} />
        <Skeleton width="3.5rem" height="1.875rem" style={{ borderRadius: '999px' }} />
        <Skeleton width="3.5rem" height="1.875rem" style={{ borderRadius: '999px' }} />
      </div>
      <div className={styles.menuBody}>
        <RailSkeleton />
        <div className={styles.menuRows}>
          {[0, 1, 2, 3, 4].map((i) => (
            <ProductRowSkeleton key={i} />
          ))}
        </div>
      </div>
    </div>
  );
}
