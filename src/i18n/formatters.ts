import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types'

// Prices are formatted outside the messages (src/i18n/currency.ts), so no message formatter is needed.
export const initFormatters: FormattersInitializer<Locales, Formatters> = (_locale: Locales) => {
	const formatters: Formatters = {}

	return formatters
}
