// Money maths of the pricing engine: integer minor units at the shop's numberDecimals. dinero.js allocates
// discounts over lines, formats amounts and defines the rounding: percents are dinero's multiply then a
// half-up transformScale back to the shop's scale. Inside the per-line and per-promotion loops the same
// half-up division runs on plain safe integers (divideHalfUp, held to dinero's result by a property test),
// because a dinero object per step made every call allocate about 0.3 MB and the young-generation
// collections that followed were the p99 of a cart. Past the safe-integer range dinero's bigint calculator
// takes over. Sums stay plain integer additions, checked to stay in the safe range.
import {
  allocate as allocateNumber,
  dinero as dineroNumber,
  halfUp as halfUpNumber,
  multiply as multiplyNumber,
  toDecimal,
  toSnapshot as snapshotNumber,
  transformScale as transformScaleNumber,
  type DineroCurrency,
} from 'dinero.js';
import {
  allocate as allocateBig,
  dinero as dineroBig,
  halfUp as halfUpBig,
  multiply as multiplyBig,
  toSnapshot as snapshotBig,
  transformScale as transformScaleBig,
} from 'dinero.js/bigint';

export interface MoneyContext {
  readonly code: string;
  readonly exponent: number;
  readonly currency: DineroCurrency<number>;
  readonly currencyBig: DineroCurrency<bigint>;
}

const contexts = new Map<string, MoneyContext>();

/** The money context of a shop: its currency code at its own number of decimals (spec §3 numberDecimals). */
export function moneyContext(code: string, numberDecimals: number): MoneyContext {
  const key = `${code}:${numberDecimals}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = {
      code,
      exponent: numberDecimals,
      currency: { code, base: 10, exponent: numberDecimals },
      currencyBig: { code, base: 10n, exponent: BigInt(numberDecimals) },
    };
    contexts.set(key, ctx);
  }
  return ctx;
}

/** A percent such as 13 or 8.25 as an integer over a power of ten, the form dinero multiplies by. */
interface ScaledPercent {
  amount: number;
  /** Decimal places of amount, counting the /100 of "percent". */
  scale: number;
  /** 10^scale: what amount × percent is divided by. */
  factor: number;
}
const scaledPercents = new Map<number, ScaledPercent>();

function scaledPercent(percent: number): ScaledPercent {
  let s = scaledPercents.get(percent);
  if (!s) {
    if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`invalid percent ${percent}`);
    const text = String(percent);
    const dot = text.indexOf('.');
    const decimals = dot < 0 ? 0 : Math.min(text.length - dot - 1, 6);
    s = { amount: Math.round(percent * 10 ** decimals), scale: decimals + 2, factor: 10 ** (decimals + 2) };
    scaledPercents.set(percent, s);
  }
  return s;
}

const SAFE = Number.MAX_SAFE_INTEGER;

export function checkedAdd(a: number, b: number): number {
  const r = a + b;
  if (!Number.isSafeInteger(r)) throw new RangeError('amount out of range');
  return r;
}

export function checkedMul(a: number, b: number): number {
  const r = a * b;
  if (!Number.isSafeInteger(r)) throw new RangeError('amount out of range');
  return r;
}

/**
 * dividend / divisor rounded half-up, for a dividend ≥ 0 and a divisor > 0 in the safe-integer range: dinero's
 * halfUp on its number calculator (quotient, plus one when the remainder is at least half the divisor),
 * written out so it allocates nothing. % is exact on integers and dividend − remainder is an exact multiple
 * of divisor, so the quotient is exact too.
 */
export function divideHalfUp(dividend: number, divisor: number): number {
  const remainder = dividend % divisor;
  const quotient = (dividend - remainder) / divisor;
  return remainder * 2 >= divisor ? quotient + 1 : quotient;
}

/**
 * amount × percent / 100, rounded half-up at the minor unit (amounts are never negative here, so half-up is
 * also half away from zero). 80 % of 1.05 is 0.84; 50 % of 0.05 is 0.03. This is dinero's
 * multiply(amount, { amount: p, scale }) then transformScale(…, exponent, halfUp); within the safe range the
 * same arithmetic runs on plain integers, outside it on dinero's bigint calculator.
 */
export function percentOf(ctx: MoneyContext, amount: number, percent: number): number {
  if (amount === 0 || percent === 0) return 0;
  if (percent === 100) return amount;
  const p = scaledPercent(percent);
  const product = amount * p.amount;
  if (amount > 0 && product < SAFE) return divideHalfUp(product, p.factor);
  if (product < SAFE) {
    const d = dineroNumber({ amount, currency: ctx.currency, scale: ctx.exponent });
    const m = multiplyNumber(d, { amount: p.amount, scale: p.scale });
    return snapshotNumber(transformScaleNumber(m, ctx.exponent, halfUpNumber)).amount;
  }
  const d = dineroBig({ amount: BigInt(amount), currency: ctx.currencyBig, scale: BigInt(ctx.exponent) });
  const m = multiplyBig(d, { amount: BigInt(p.amount), scale: BigInt(p.scale) });
  return toSafeNumber(snapshotBig(transformScaleBig(m, BigInt(ctx.exponent), halfUpBig)).amount);
}

/** The price after a "percent paid" discount (80 = 20 % off): the same half-up rounding as percentOf. */
export const pay = percentOf;

/**
 * Splits amount over weights in proportion, exactly (the parts add up to amount). Remainder units go to
 * the largest weights first, dinero's rule, so a share never exceeds its weight when amount ≤ Σ weights.
 */
export function allocateBy(ctx: MoneyContext, amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  let total = 0;
  for (const w of weights) total += w;
  if (amount === 0 || total === 0) return weights.map(() => 0);
  if (weights.length === 1) return [amount];
  if (amount * total < SAFE) {
    const d = dineroNumber({ amount, currency: ctx.currency, scale: ctx.exponent });
    const parts = allocateNumber(d, weights as number[]);
    const out = new Array<number>(parts.length);
    for (let i = 0; i < parts.length; i++) out[i] = parts[i]!.toJSON().amount;
    return out;
  }
  const d = dineroBig({ amount: BigInt(amount), currency: ctx.currencyBig, scale: BigInt(ctx.exponent) });
  return allocateBig(
    d,
    weights.map((w) => BigInt(w)),
  ).map((p) => toSafeNumber(snapshotBig(p).amount));
}

/**
 * Tax included in a tax-in price: gross × percent / (100 + percent), half-up at the minor unit. dinero
 * multiplies only by powers of ten, so this one division is done in integers: plain ones while they stay
 * safe, bigint (exact) past that.
 */
export function includedTax(gross: number, percent: number): number {
  if (gross === 0 || percent === 0) return 0;
  const p = scaledPercent(percent);
  const product = gross * p.amount;
  if (gross > 0 && product < SAFE) return divideHalfUp(product, p.factor + p.amount);
  const hundred = BigInt(10 ** p.scale);
  const num = BigInt(gross) * BigInt(p.amount);
  const den = hundred + BigInt(p.amount);
  return toSafeNumber((2n * num + den) / (2n * den));
}

/** value × quantity for a fixed per-unit tax given with decimals (e.g. 12.5 minor units), half-up. */
export function perUnitTimes(value: number, quantity: number): number {
  if (Number.isInteger(value)) return checkedMul(value, quantity);
  const p = scaledPercent(value);
  const product = p.amount * quantity;
  if (product >= 0 && product < SAFE) return divideHalfUp(product, p.factor / 100);
  const scale = 10n ** BigInt(p.scale - 2);
  const num = BigInt(p.amount) * BigInt(quantity);
  return toSafeNumber((2n * num + scale) / (2n * scale));
}

function toSafeNumber(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError('amount out of range');
  return n;
}

/** Step of the rounding-05 rule in minor units: 0.05 of the currency, or none below two decimals. */
export function round05Step(numberDecimals: number): number {
  return numberDecimals >= 2 ? 5 * 10 ** (numberDecimals - 2) : 1;
}

/** Nearest multiple of step, halves up (1.025 → 1.05 at three decimals; 1.02 → 1.00, 1.03 → 1.05). */
export function roundToStep(amount: number, step: number): number {
  if (step <= 1) return amount;
  return Math.floor((2 * amount + step) / (2 * step)) * step;
}

export interface FormatOptions {
  currency: string;
  numberDecimals?: number;
  /** Shown before the amount; null or omitted = none (the English storefront shows none). */
  symbol?: string | null;
}

/** "¥12.30", "-12.30", "1234.500": the amount at the shop's decimals with its symbol, for every screen. */
export function formatMoney(amount: number, options: FormatOptions): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be integer minor units');
  const ctx = moneyContext(options.currency, options.numberDecimals ?? 2);
  const abs = Math.abs(amount);
  const text = toDecimal(dineroNumber({ amount: abs, currency: ctx.currency, scale: ctx.exponent }));
  return `${amount < 0 ? '-' : ''}${options.symbol ?? ''}${text}`;
}
