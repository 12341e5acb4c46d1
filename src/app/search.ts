// Query props of spec §2: every page receives its query parameters, typed and checked here. Values arrive
// as strings (see parseSearch in router.tsx); a malformed value is dropped rather than failing the page.
// Plain readers rather than a schema library: the router checks every page's query props at start, so
// these rules are part of the first page's code, where a validator would cost kilobytes.

/** Reads one query prop; undefined drops a missing or malformed value. */
type Field<T> = (value: unknown) => T | undefined;

const optionalString: Field<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= 500 ? text : undefined;
};
/** Flows navigate with numbers where a URL carries text (a table id): both arrive as text. */
const optionalText: Field<string> = (value) =>
  optionalString(typeof value === 'number' ? String(value) : value);
const optionalId: Field<number> = (value) => {
  if (value === undefined) return undefined;
  let id: number;
  try {
    id = Number(value);
  } catch {
    return undefined;
  }
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

/**
 * A page's query props (the router's `validateSearch`): each read by its field, a malformed one dropped;
 * props the page does not name are left out.
 */
function searchOf<F extends Record<string, Field<unknown>>>(fields: F) {
  return {
    parse(search: Record<string, unknown>): { [K in keyof F]?: ReturnType<F[K]> } {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(fields)) {
        if (key in search) out[key] = fields[key]!(search[key]);
      }
      return out as { [K in keyof F]?: ReturnType<F[K]> };
    },
  };
}

/**
 * Entry parameters of spec §2 "Entry parameters read at start-up" stay raw text here: the entry flow
 * checks each one and names the one that is wrong, which a silent drop here would hide.
 */
export const entrySearch = {
  parse(search: unknown): Record<string, string> {
    if (typeof search !== 'object' || search === null || Array.isArray(search)) return {};
    const entries = Object.entries(search);
    return entries.every(([, value]) => typeof value === 'string') ? Object.fromEntries(entries) : {};
  },
};

export type EntrySearch = ReturnType<typeof entrySearch.parse>;

export const shopSearch = searchOf({ id: optionalId });
export const webViewSearch = searchOf({ url: optionalString, title: optionalString });
export const errorSearch = searchOf({ reason: optionalString });
export const productIndexSearch = searchOf({
  typeId: optionalId,
  mode: optionalString,
  table: optionalText,
  tableNo: optionalText,
  productId: optionalId,
  autoAdd: optionalId,
});
export const productDetailSearch = searchOf({ id: optionalId });
export const productSearchSearch = searchOf({ q: optionalString });
export const loginSearch = searchOf({ redirect: optionalString });
export const orderSuccessSearch = searchOf({ id: optionalId });
export const orderDetailSearch = searchOf({ id: optionalId });
/**
 * An open-table tab; `round` is the key of the cart being sent to it as a round (a reload sends it once);
 * `pay` opens the reader's order to pay on the bill page (the guest who asked for the whole bill).
 */
export const tabSearch = searchOf({ id: optionalId, round: optionalString, pay: optionalText });
export const orderFailSearch = searchOf({ id: optionalId });
/** A shared coupon link: the template, and the shop it belongs to (entered first when the browser is elsewhere). */
export const couponClaimSearch = searchOf({ id: optionalId, shop: optionalId });
/** The promotion code page: a code to look up at once (a shared code, or the one typed before a login). */
export const promoCodeSearch = searchOf({ code: optionalText });
/** The sandbox gateway's hosted pages: the trade number of the payment session. */
export const gatewayPageSearch = searchOf({ trade: optionalString });
/** Where a gateway's hosted page sends the customer back. */
export const payCallbackSearch = searchOf({
  orderId: optionalId,
  paymentId: optionalId,
  trade: optionalString,
});
export const addressListSearch = searchOf({ select: optionalText });
export const addressUpdateSearch = searchOf({ id: optionalId });
export const productTableSearch = searchOf({
  table: optionalText,
  tableNo: optionalText,
  status: optionalText,
});
export const multiSuccessSearch = searchOf({ ids: optionalString });
export const emptySearch = searchOf({ title: optionalString });

/** Query strings stay strings: the router's default JSON parsing would turn "007" into 7. */
export function parseSearch(searchStr: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
