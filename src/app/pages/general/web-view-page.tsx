// /pages/index/web-view: the page frames the address only when the server's allow-list names its site; a
// list that cannot be read frames nothing (the page still offers the link).
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { WebViewConfigInfo } from '../../../domain/api/web-view';
import { frameAllowed } from '../../../domain/api/web-view-rules';
import { selectData, selectFailed, selectIsReady } from '../../../machines/shared/resource.selectors';
import { WebViewPage } from '../../../views/general/web-view-page';
import { webViewConfigFlow } from '../../flows/web-view-config';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/pages/index/web-view');

export default function WebViewRoutePage() {
  const { url, title } = route.useSearch();
  const flow = useFlow(webViewConfigFlow, () => ({ input: { params: {} } }));
  const allowed = useSelector(flow ?? undefined, (s) => {
    if (!s || !(selectIsReady(s) || selectFailed(s))) return null;
    return frameAllowed(url ?? '', selectData<WebViewConfigInfo>(s)?.origins ?? []);
  });
  // The allow-list is read while the page's messages load.
  return (
    <WithMessages namespace="webView">
      <WebViewPage url={url} title={title} frameAllowed={allowed ?? null} />
    </WithMessages>
  );
}
