// Reason keys that travel in URLs or leave machines, turned into the customer's language.
import type { TranslationFunctions } from '../i18n/i18n-types';

export function errorMessageOf(LL: TranslationFunctions, reason: string): string {
  switch (reason) {
    case 'pageNotFound':
      return LL.errors.pageNotFound();
    case 'shopStopped':
      return LL.errors.shopStopped();
    case 'shopClosed':
      return LL.errors.shopClosed();
    case 'network':
      return LL.errors.network();
    case 'timeout':
      return LL.errors.timeout();
    case 'server':
      return LL.errors.server();
    case 'unauthorised':
    case 'unauthorized':
      return LL.errors.unauthorised();
    case 'forbidden':
      return LL.errors.forbidden();
    default:
      return LL.errorPage.description();
  }
}
