// What the customer is told when the entry flow cannot open a shop.
import { errorText } from '../i18n/error-text';
import type { TranslationFunctions } from '../i18n/i18n-types';
import type { EntryError } from '../machines/entry/entry.machine';
import { errorMessageOf } from './messages';

export function entryErrorText(LL: TranslationFunctions, error: EntryError): string {
  switch (error.reason) {
    case 'invalidParam':
    case 'missingTable':
      return LL.entry.badLink({ param: error.param ?? '' });
    case 'unknownShop':
      return LL.entry.shopNotFound();
    case 'shop':
      return errorText(LL, error.message ?? '') || LL.entry.shopNotFound();
    default:
      return errorText(LL, error.message ?? '') || errorMessageOf(LL, 'network');
  }
}
