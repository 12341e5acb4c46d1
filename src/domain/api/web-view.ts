// Contract of general/webViewConfig: the origins the web-view page (/pages/index/web-view) may frame. The
// rule itself is in ./web-view-rules (zod-free, so the browser can use it alone).
import { z } from 'zod';

export { frameAllowed, httpOrigin, parseWebViewOrigins } from './web-view-rules';

export const webViewConfigInput = z.object({});
export const webViewConfigInfo = z.object({
  /** Origins ("https://help.example.com") the page may frame; empty: none. */
  origins: z.array(z.string()),
});
export type WebViewConfigInfo = z.infer<typeof webViewConfigInfo>;

export const generalContract = {
  webViewConfig: { input: webViewConfigInput, info: webViewConfigInfo },
} as const;
