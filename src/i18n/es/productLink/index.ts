// A shared-product or auto-add link on the menu (spec §4 entry routing rule 3).
import type { NamespaceProductLinkTranslation } from '../../i18n-types';

const es_productLink = {
  unavailable: 'Este producto no está disponible en esta tienda.',
} satisfies NamespaceProductLinkTranslation;

export default es_productLink;
