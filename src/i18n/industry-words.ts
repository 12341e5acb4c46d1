// Words that depend on the shop's trade: a restaurant's customers search dishes, a clothing or retail shop's
// search products, a beauty salon's search services (never "dishes" outside food).
import { Industry } from '../domain/enums';
import type { TranslationFunctions } from './i18n-types';

export function searchPlaceholder(LL: TranslationFunctions, industry: number): string {
  if (industry === Industry.beauty) return LL.search.placeholderServices();
  if (industry === Industry.all || industry === Industry.fastfood) return LL.search.placeholder();
  return LL.search.placeholderGoods();
}
