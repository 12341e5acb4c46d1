// The entry page (/): a splash in the shop's colour with a skeleton of the page to come while the entry
// flow loads the shop; on failure, what went wrong and a way on (retry, or the store list).
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { useShownAfter } from '../ui/delay';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
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
            <Icon name="alert" size={2.5} />
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
  // The splash waits its 200 ms: an entry whose reads are answered routes on before it would show.
  if (!splash) return <Page>{null}</Page>;
  return (
    <Page>
      <div className={styles.splash}>
        <span className={styles.logo} aria-hidden="true">
          <Icon name="store" size={2.25} />
        </span>
        <h1 className={styles.opening}>{LL.entry.opening()}</h1>
      </div>
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    </Page>
  );
}
