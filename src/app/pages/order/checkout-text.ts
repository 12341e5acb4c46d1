// The message of a failed order check (text keys checkout.error.<reason>), shared by /order/confirm and
// /order/multi-confirm.
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { FieldError } from '../../../machines/checkout/checkout.rules';

/** The message of a failed check (text keys checkout.error.<reason>), with money formatted. */
export function fieldErrorText(
  LL: TranslationFunctions,
  error: FieldError,
  format: (amount: number) => string,
): string {
  const values: Record<string, string | number> = { ...error.values };
  if (typeof values.short === 'number') values.short = format(values.short);
  const message = LL.checkout.error[error.reason] as unknown as (
    v: Record<string, string | number>,
  ) => string;
  return message(values);
}
