// The query of a red bag link (/product/expand-red-bag?id=&from=&key=&shop=), read in the page's own chunk:
// the router hands it over as it comes (text from an address, numbers from the app's own navigation), so no
// reader of it weighs on the first route. A malformed value is dropped, as the router's readers do.

export interface RedBagLink {
  /** The expand activity. */
  id?: number;
  /** The bag (customer coupon) the link came from. */
  from?: number;
  /** A forwarding key. */
  key?: string;
  /** The shop the link belongs to. */
  shop?: number;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

const idOf = (value: unknown): number | undefined => {
  const text = textOf(value);
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
};

const keyOf = (value: unknown): string | undefined => {
  const key = textOf(value);
  return key && /^[A-Za-z0-9_-]{16,64}$/.test(key) ? key : undefined;
};

export function readRedBagLink(search: Record<string, unknown>): RedBagLink {
  const link: RedBagLink = {};
  const id = idOf(search.id);
  const from = idOf(search.from);
  const key = keyOf(search.key);
  const shop = idOf(search.shop);
  if (id !== undefined) link.id = id;
  if (from !== undefined) link.from = from;
  if (key !== undefined) link.key = key;
  if (shop !== undefined) link.shop = shop;
  return link;
}
