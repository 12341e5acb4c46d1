// Links a customer shares (a red bag, a forwarded coupon): built from the address this storefront was
// loaded from, so a link always leads back to the same storefront; never from anything a request carries
// (a Host header can be forged, decision C105). The shop rides along, so a friend's browser that has never
// entered it opens the right shop first.

export interface PageAddress {
  origin: string;
  pathname: string;
}

/** `origin + pathname + #route?query`, with the shop added when the route's query does not name it. */
export function shareLink(address: PageAddress, route: string, shopId: number): string {
  const [path, search = ''] = route.split('?', 2);
  const query = new URLSearchParams(search);
  if (!query.has('shop')) query.set('shop', String(shopId));
  const hashPath = path!.startsWith('/') ? path! : `/${path!}`;
  return `${address.origin}${address.pathname}#${hashPath}?${query.toString()}`;
}

/** The red bag page's route for a bag. */
export const redBagRoute = (activityId: number, bagId: number) =>
  `/product/expand-red-bag?id=${activityId}&from=${bagId}`;
