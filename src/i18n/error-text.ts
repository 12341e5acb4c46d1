// A failure text from a machine in the customer's words: request-layer keys (what errorMessage gives
// for a transport failure, src/machines/shared/not-provided.ts) are translated; anything else is the server's
// own text in the customer's language already, shown as is.
import type { HttpToastKey } from '../services/http';
import type { TranslationFunctions } from './i18n-types';

const TEXT_BY_KEY: Record<HttpToastKey, (LL: TranslationFunctions) => string> = {
  'http.unauthorized': (LL) => LL.errors.unauthorised(),
  'http.forbidden': (LL) => LL.errors.forbidden(),
  'http.serverError': (LL) => LL.errors.server(),
  'http.networkError': (LL) => LL.errors.network(),
};

export function errorText(LL: TranslationFunctions, message: string): string {
  return Object.hasOwn(TEXT_BY_KEY, message) ? TEXT_BY_KEY[message as HttpToastKey](LL) : message;
}
