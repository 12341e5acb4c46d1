// Page frame: optional head, a centred column capped at a per-page maximum width (spec §2), room for the
// tab bar or a sticky bottom bar.
import type { CSSProperties, ReactNode } from 'react';
import styles from './page.module.css';

export interface PageProps {
  children: ReactNode;
  head?: ReactNode;
  /** CSS length; default var(--page-max-width). */
  maxWidth?: string;
  /** Leaves room for the tab bar below the content. */
  withTabBar?: boolean;
  /** Leaves room for a fixed bottom bar of this height (rem). */
  bottomBar?: number;
  className?: string;
  /** Page background; default the app's grey. */
  surface?: 'grey' | 'white';
}

export function Page({
  children,
  head,
  maxWidth,
  withTabBar,
  bottomBar,
  className,
  surface = 'grey',
}: PageProps) {
  const style = {
    ...(maxWidth ? { '--page-max-width': maxWidth } : {}),
    paddingBottom: `calc(${withTabBar ? 'var(--tab-bar-height) + ' : ''}${bottomBar ?? 0}rem + var(--safe-bottom))`,
  } as CSSProperties;
  return (
    <div
      className={`${styles.page} ${surface === 'white' ? styles.white : ''} ${className ?? ''}`}
      style={style}
    >
      {head}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
