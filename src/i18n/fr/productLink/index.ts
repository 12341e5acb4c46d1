// A shared-product or auto-add link on the menu (spec §4 entry routing rule 3).
import type { NamespaceProductLinkTranslation } from '../../i18n-types';

const fr_productLink = {
  unavailable: 'Ce produit n’est pas disponible dans cette boutique.',
} satisfies NamespaceProductLinkTranslation;

export default fr_productLink;
