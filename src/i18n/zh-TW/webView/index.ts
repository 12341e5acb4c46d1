// 店內網頁（/pages/index/web-view）。
import type { NamespaceWebViewTranslation } from '../../i18n-types';

const zhTW_webView = {
  title: '網頁',
  invalidUrl: '無法開啟此網址，只允許 http:// 和 https:// 連結。',
  missingUrl: '沒有提供網址。',
  openExternally: '在新分頁中開啟',
  notAllowed: '此網頁無法在店鋪內顯示：{origin} 不在允許的網站清單中。',
  checking: '正在開啟網頁…',
} satisfies NamespaceWebViewTranslation;

export default zhTW_webView;
