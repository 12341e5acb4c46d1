// /pages/index/error: where a failed start or an unknown page lands; always offers the way home.
import { useI18nContext } from '../../i18n/i18n-context';
import { LinkButton } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { EmptyState } from '../ui/state-views';
import { useNavigation } from '../ui/navigation';

export function ErrorPage({ message, homePath }: { message?: string | undefined; homePath: string }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  return (
    <Page head={<PageHead title={LL.errorPage.title()} />}>
      <EmptyState
        icon="alert"
        title={LL.errorPage.title()}
        description={message ?? LL.errorPage.description()}
        action={<LinkButton href={navigation.href(homePath)}>{LL.errorPage.goHome()}</LinkButton>}
      />
    </Page>
  );
}
