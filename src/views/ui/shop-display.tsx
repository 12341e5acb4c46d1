// How prices read in the current language and shop (symbol, decimals), for every price on screen.
import { useCallback, useContext } from 'react';
import { formatPrice } from '../../i18n/currency';
import { useI18nContext } from '../../i18n/i18n-context';
import { ShopDisplayContext } from './shop-display-context';

export { ShopDisplayContext, type ShopDisplay } from './shop-display-context';

/** A function that formats integer minor units as the customer reads them right now. */
export function usePriceFormatter(): (amount: number) => string {
  const { locale } = useI18nContext();
  const { currency, currencySymbol, numberDecimals } = useContext(ShopDisplayContext);
  return useCallback(
    (amount: number) =>
      formatPrice(amount, { locale, shopSymbol: currencySymbol, currency, decimals: numberDecimals }),
    [locale, currency, currencySymbol, numberDecimals],
  );
}
