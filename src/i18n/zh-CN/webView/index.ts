// 店内网页（/pages/index/web-view）。
import type { NamespaceWebViewTranslation } from '../../i18n-types';

const zhCN_webView = {
  title: '网页',
  invalidUrl: '无法打开该地址，只允许 http:// 和 https:// 链接。',
  missingUrl: '没有提供网址。',
  openExternally: '在新标签页中打开',
  notAllowed: '该网页无法在店铺内显示：{origin} 不在允许的网站列表中。',
  checking: '正在打开网页…',
} satisfies NamespaceWebViewTranslation;

export default zhCN_webView;
