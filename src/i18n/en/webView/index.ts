// The in-shop web page (spec §2 /pages/index/web-view). Loaded with loadNamespaceAsync before it renders.
import type { BaseTranslation } from '../../i18n-types';

const en_webView = {
  title: 'Web page',
  invalidUrl: 'This address cannot be opened. Only http:// and https:// links are allowed.',
  missingUrl: 'No address was given.',
  openExternally: 'Open in a new tab',
  notAllowed:
    'This page cannot be shown inside the shop: {origin:string} is not on the list of allowed sites.',
  checking: 'Opening the page…',
} satisfies BaseTranslation;

export default en_webView;
