// The payment namespace's messages (src/i18n/<locale>/payment) load with the pages that need them, so the
// first route's bundle does not carry them (src/i18n/use-namespace.ts).
import { useI18nContext } from '../../i18n/i18n-context';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { useNamespace } from '../../i18n/use-namespace';

export type PaymentTexts = TranslationFunctions['payment'];

/** The payment messages in the current language; null while they load, 'failed' when they cannot. */
export function usePaymentTexts(): PaymentTexts | null | 'failed' {
  const { LL } = useI18nContext();
  const state = useNamespace('payment');
  return state === 'ready' ? LL.payment : state === 'failed' ? 'failed' : null;
}
