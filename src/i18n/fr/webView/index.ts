// The in-shop web page (spec §2 /pages/index/web-view). Loaded with loadNamespaceAsync before it renders.
import type { NamespaceWebViewTranslation } from '../../i18n-types';

const fr_webView = {
  title: 'Page web',
  invalidUrl: 'Cette adresse ne peut pas être ouverte. Seuls les liens http:// et https:// sont acceptés.',
  missingUrl: 'Aucune adresse fournie.',
  openExternally: 'Ouvrir dans un nouvel onglet',
  notAllowed:
    "Cette page ne peut pas s'afficher dans la boutique : {origin} ne figure pas dans la liste des sites autorisés.",
  checking: 'Ouverture de la page…',
} satisfies NamespaceWebViewTranslation;

export default fr_webView;
