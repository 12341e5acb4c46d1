// The entry page (/): a skeleton of the menu to come, in the shop's colour once known, while the entry
// flow loads the shop; on failure, what went wrong and a way on (retry, or the store list).
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import { ShellIcon } from '../ui/shell-icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { useShownAfter } from '../ui/delay';
import { MenuSkeleton, SkeletonRegion } from '../ui/skeleton';
import styles from './entry.module.css';

export interface EntryViewProps {
  /** Translated reason, or null while loading. */
  error: string | null;
  canRetry: boolean;
  onRetry: () => void;
}

export function EntryView({ error, canRetry, onRetry }: EntryViewProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const splash = useShownAfter();
  if (error) {
    return (
      <Page surface="white">
        <div className={styles.failed} role="alert">
          <span className={styles.icon}>
            <ShellIcon name="alert" size={2.5} />
          </span>
          <h1 className={styles.title}>{LL.entry.failed()}</h1>
          <p className={styles.reason}>{error}</p>
          <div className={styles.actions}>
            {canRetry && <Button onClick={onRetry}>{LL.app.retry()}</Button>}
            <LinkButton variant="secondary" href={navigation.href('/pages/store/list')}>
              {LL.store.listTitle()}
            </LinkButton>
          </div>
        </div>
      </Page>
    );
  }
  // The placeholder waits its 200 ms: an entry whose reads are answered routes on before it would show.
  // A shop's link usually ends on its menu, so the placeholder is the menu's shape (no splash between).
  if (!splash) return <Page surface="white">{null}</Page>;
  return (
    <Page surface="white">
      <SkeletonRegion label={LL.entry.opening()}>
        <MenuSkeleton />
      </SkeletonRegion>
    </Page>
  );
}
