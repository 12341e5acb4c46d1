// The shop's price format (currency, symbol, decimals) the shell provides; the formatter that reads it is
// in ./shop-display, so the shell does not load the money formatting with the first page.
import { createContext } from 'react';

export interface ShopDisplay {
  currency: string;
  currencySymbol: string | null;
  numberDecimals: number;
}

export const ShopDisplayContext = createContext<ShopDisplay>({
  currency: 'CNY',
  currencySymbol: null,
  numberDecimals: 2,
});
