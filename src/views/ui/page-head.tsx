// Page head with a back button (spec §2): back in history, or home when this is the first page.
import type { ReactNode } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { ShellIcon } from './shell-icons';
import { useNavigation } from './navigation';
import styles from './page-head.module.css';

export interface PageHeadProps {
  title: string;
  /** false hides the back button (tab pages). */
  back?: boolean;
  /** Floating: transparent over a cover image (custom nav bars). */
  floating?: boolean;
  /** false when the page carries its own visible h1 (one h1 per page). */
  asHeading?: boolean;
  end?: ReactNode;
}

export function PageHead({ title, back = true, floating = false, asHeading = true, end }: PageHeadProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  return (
    <header className={floating ? `${styles.head} ${styles.floating}` : styles.head}>
      <div className={styles.side}>
        {back && (
          <button
            type="button"
            className={styles.back}
            onClick={() => navigation.back()}
            aria-label={LL.app.back()}
          >
            <ShellIcon name="back" size={1.375} />
          </button>
        )}
      </div>
      {asHeading ? (
        <h1 className={floating ? 'visually-hidden' : styles.title}>{title}</h1>
      ) : (
        <span className={styles.spacer} />
      )}
      <div className={`${styles.side} ${styles.end}`}>{end}</div>
    </header>
  );
}
