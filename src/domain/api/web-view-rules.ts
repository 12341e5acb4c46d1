// The allow-list rule of the web-view page (/pages/index/web-view): it frames an address only when the
// address's origin is on the server's list (WEB_VIEW_ORIGINS); the Content-Security-Policy's frame-src holds
// the same list, so the browser refuses any other frame too. Zod-free: the browser imports it.

/** The origin of an http(s) address ("https://a.example:8443"), or null for anything else. */
export function httpOrigin(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.origin;
}

/**
 * WEB_VIEW_ORIGINS: comma- or space-separated http(s) origins, each written as scheme://host[:port] with
 * nothing after it. Throws on an entry that is not one, so a typo stops the server rather than framing
 * nothing (or something else) in silence.
 */
export function parseWebViewOrigins(text: string | undefined): string[] {
  const entries = (text ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  return [
    ...new Set(
      entries.map((entry) => {
        const origin = httpOrigin(entry);
        if (origin === null || origin !== entry.replace(/\/$/, '').toLowerCase())
          throw new Error(
            `WEB_VIEW_ORIGINS: "${entry}" is not an http(s) origin like https://help.example.com`,
          );
        return origin;
      }),
    ),
  ];
}

/** True when `address` may be framed: its origin is one of `origins`. */
export const frameAllowed = (address: string, origins: readonly string[]): boolean => {
  const origin = httpOrigin(address);
  return origin !== null && origins.includes(origin);
};
