// /pages/index/empty: a page with a floating custom nav bar over an empty state, with the way home.
import { useI18nContext } from '../../i18n/i18n-context';
import { LinkButton } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { EmptyState } from '../ui/state-views';
import { useNavigation } from '../ui/navigation';
import styles from './general.module.css';

export function EmptyPage({ title, homePath }: { title?: string | undefined; homePath: string }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const heading = title ?? LL.emptyPage.title();
  return (
    <Page head={<PageHead title={heading} floating />} surface="white">
      <div className={styles.emptyHero} aria-hidden="true" />
      <EmptyState
        title={heading}
        description={LL.emptyPage.description()}
        action={<LinkButton href={navigation.href(homePath)}>{LL.emptyPage.goHome()}</LinkButton>}
      />
    </Page>
  );
}
