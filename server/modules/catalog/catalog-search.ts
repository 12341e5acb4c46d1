// Product search of store/productSearch: a listed product matches when its name in either catalogue
// language contains the search text, ignoring case, width (full-width Latin letters) and extra spaces.
import type { Product } from '../../../src/domain/catalog';
import type { Catalogue } from './catalog';

/** NFKC folds full-width letters and digits into ASCII, so "ＣＯＬＡ" finds "Cola". */
export const normalizeSearchText = (text: string) =>
  text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/** Listed products (offline and deleted never match) whose en or zh name contains the text, in menu order. */
export function searchCatalogue(catalogue: Catalogue, searchText: string): Product[] {
  const needle = normalizeSearchText(searchText);
  if (needle === '') return [];
  return catalogue
    .listedRows()
    .filter((row) => [row.name.en, row.name.zh].some((name) => normalizeSearchText(name).includes(needle)))
    .map((row) => catalogue.product(row.id)!);
}
