// The web-view page opens only http(s) pages: javascript:, data:, file: and the like could run code in the
// storefront's name or read local files.
export type WebViewUrl = { ok: true; url: string } | { ok: false; reason: 'missing' | 'invalid' };

export function checkWebViewUrl(raw: string | null | undefined): WebViewUrl {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: false, reason: 'missing' };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'invalid' };
  if (!parsed.hostname) return { ok: false, reason: 'invalid' };
  return { ok: true, url: parsed.href };
}
