// general/webViewConfig: what the browser needs to know of the server's setup outside any shop; today the
// web-view page's allow-list (WEB_VIEW_ORIGINS). Contract: src/domain/api/web-view.ts; docs/api.md.
import { webViewConfigInput, type WebViewConfigInfo } from '../../src/domain/api/web-view';
import { actionRoutes, defineAction } from '../http/action';

export interface GeneralRoutesOptions {
  webViewOrigins: readonly string[];
}

export function generalRoutes({ webViewOrigins }: GeneralRoutesOptions) {
  return actionRoutes([
    defineAction({
      area: 'general',
      action: 'webViewConfig',
      input: webViewConfigInput,
      auth: 'none',
      handler: async (): Promise<WebViewConfigInfo> => ({ origins: [...webViewOrigins] }),
    }),
  ]);
}
