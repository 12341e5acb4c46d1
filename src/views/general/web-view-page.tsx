// /pages/index/web-view: shows an http(s) page in a frame when its site is on the server's allow-list
// (WEB_VIEW_ORIGINS), and otherwise says why it is not shown, with a link that opens it in a new tab.
import type { ReactNode } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { EmptyState } from '../ui/state-views';
import { useNavigation } from '../ui/navigation';
import { checkWebViewUrl } from './web-view-url';
import styles from './general.module.css';

export interface WebViewPageProps {
  url?: string | undefined;
  title?: string | undefined;
  /** Whether the address's site may be framed; null while the allow-list is being read. */
  frameAllowed?: boolean | null;
}

export function WebViewPage({ url, title, frameAllowed = null }: WebViewPageProps) {
  const { LL } = useI18nContext();
  const checked = checkWebViewUrl(url);
  const heading = title ?? LL.webView.title();
  return (
    <Page head={<PageHead title={heading} />} surface="white">
      {!checked.ok ? (
        <Refused title={checked.reason === 'missing' ? LL.webView.missingUrl() : LL.webView.invalidUrl()} />
      ) : frameAllowed === null ? (
        <p className={styles.checking} role="status">
          {LL.webView.checking()}
        </p>
      ) : frameAllowed ? (
        <div className={styles.frameWrap}>
          <iframe
            className={styles.frame}
            src={checked.url}
            title={heading}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
          />
          <ExternalLink url={checked.url} />
        </div>
      ) : (
        <Refused
          title={LL.webView.notAllowed({ origin: new URL(checked.url).origin })}
          link={<ExternalLink url={checked.url} />}
        />
      )}
    </Page>
  );
}

function ExternalLink({ url }: { url: string }) {
  const { LL } = useI18nContext();
  return (
    <a className={styles.external} href={url} target="_blank" rel="noopener noreferrer">
      {LL.webView.openExternally()}
    </a>
  );
}

function Refused({ title, link }: { title: string; link?: ReactNode }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  return (
    <EmptyState
      icon="alert"
      title={title}
      action={
        <>
          {link}
          <Button onClick={() => navigation.back()}>{LL.app.back()}</Button>
        </>
      }
    />
  );
}
