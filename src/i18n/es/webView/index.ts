// The in-shop web page (spec §2 /pages/index/web-view). Loaded with loadNamespaceAsync before it renders.
import type { NamespaceWebViewTranslation } from '../../i18n-types';

const es_webView = {
  title: 'Página web',
  invalidUrl: 'No se puede abrir esta dirección. Solo se permiten enlaces http:// y https://.',
  missingUrl: 'No se indicó ninguna dirección.',
  openExternally: 'Abrir en una pestaña nueva',
  notAllowed:
    'Esta página no se puede mostrar dentro de la tienda: {origin} no está en la lista de sitios permitidos.',
  checking: 'Abriendo la página…',
} satisfies NamespaceWebViewTranslation;

export default es_webView;
