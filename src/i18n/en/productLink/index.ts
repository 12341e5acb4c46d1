// A shared-product or auto-add link on the menu (spec §4 entry routing rule 3). Loaded with
// loadNamespaceAsync only when a link names a product, so the menu's first screen does not carry it.
import type { BaseTranslation } from '../../i18n-types';

const en_productLink = {
  unavailable: 'This product is not available in this shop.',
} satisfies BaseTranslation;

export default en_productLink;
