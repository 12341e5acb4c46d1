// The orders namespace's messages (src/i18n/<locale>/orders) load with the pages that need them, so the
// first route's bundle does not carry them (src/i18n/use-namespace.ts).
import { useI18nContext } from '../../i18n/i18n-context';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { useNamespace } from '../../i18n/use-namespace';

export type OrdersTexts = TranslationFunctions['orders'];

/** The orders messages in the current language; null while they load, 'failed' when they cannot. */
export function useOrdersTexts(): OrdersTexts | null | 'failed' {
  const { LL } = useI18nContext();
  const state = useNamespace('orders');
  return state === 'ready' ? LL.orders : state === 'failed' ? 'failed' : null;
}
