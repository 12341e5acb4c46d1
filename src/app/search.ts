// Query props of spec §2: every page receives its query parameters, typed and checked here. Values arrive
// as strings (see parseSearch in router.tsx); a malformed value is dropped rather than failing the page.
import { z } from 'zod';

const optionalString = z.string().trim().min(1).max(500).optional().catch(undefined);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);

/**
 * Entry parameters of spec §2 "Entry parameters read at start-up" stay raw text here: the entry flow
 * checks each one and names the one that is wrong, which a silent drop here would hide.
 */
export const entrySearch = z.record(z.string(), z.string()).catch({});
export type EntrySearch = z.infer<typeof entrySearch>;

export const shopSearch = z.object({ id: optionalId });
export const webViewSearch = z.object({ url: optionalString, title: optionalString });
export const errorSearch = z.object({ reason: optionalString });
export const productIndexSearch = z.object({
  typeId: optionalId,
  mode: optionalString,
  table: optionalString,
  productId: optionalId,
});
export const productDetailSearch = z.object({ id: optionalId });
export const productSearchSearch = z.object({ q: optionalString });
export const loginSearch = z.object({ redirect: optionalString });
export const emptySearch = z.object({ title: optionalString });

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
