// /pages/index/web-view: shows an http(s) page in a frame, and refuses any other address with a reason.
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { EmptyState } from '../ui/state-views';
import { useNavigation } from '../ui/navigation';
import { checkWebViewUrl } from './web-view-url';
import styles from './general.module.css';

export function WebViewPage({ url, title }: { url?: string | undefined; title?: string | undefined }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const checked = checkWebViewUrl(url);
  const heading = title ?? LL.webView.title();
  return (
    <Page head={<PageHead title={heading} />} surface="white">
      {checked.ok ? (
        <div className={styles.frameWrap}>
          <iframe
            className={styles.frame}
            src={checked.url}
            title={heading}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
          />
          <a className={styles.external} href={checked.url} target="_blank" rel="noopener noreferrer">
            {LL.webView.openExternally()}
          </a>
        </div>
      ) : (
        <EmptyState
          icon="alert"
          title={checked.reason === 'missing' ? LL.webView.missingUrl() : LL.webView.invalidUrl()}
          action={<Button onClick={() => navigation.back()}>{LL.app.back()}</Button>}
        />
      )}
    </Page>
  );
}
