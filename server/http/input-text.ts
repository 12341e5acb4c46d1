// Text no field may carry. PostgreSQL refuses U+0000 in text and jsonb (the query fails, which used to
// surface as a 500), and a UTF-16 surrogate without its partner is not a character at all: the pg driver
// silently turns it into U+FFFD and PGlite refuses it, so what was stored would differ by database. The
// other C0 controls (bell, escape, backspace ...) have no place in a name, an address or an order number and
// can spoof terminals and logs; tab, line feed and carriage return stay allowed for free text (remarks).
// One iterative walk over the parsed body, keys included (a record's keys can land in jsonb too), so a
// deeply nested array cannot overflow the stack.

const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds a character no input field accepts (see the header). */
export const hasForbiddenText = (text: string): boolean => FORBIDDEN.test(text);

/** Whether any string or key in `value` holds a forbidden character: the cheap pass every body takes. */
function holdsForbiddenText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (FORBIDDEN.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (FORBIDDEN.test(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path ("items.0.remark", "" for the body itself) of the first string or key in `value` that holds a
 * forbidden character, or null when there is none. Paths are built only for a body that has one.
 */
export function findForbiddenText(value: unknown): string | null {
  if (!holdsForbiddenText(value)) return null;
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (hasForbiddenText(item.value)) return item.path;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const prefix = item.path === '' ? '' : `${item.path}.`;
    if (Array.isArray(item.value)) {
      item.value.forEach((entry, index) => stack.push({ value: entry, path: `${prefix}${index}` }));
      continue;
    }
    for (const [key, entry] of Object.entries(item.value)) {
      if (hasForbiddenText(key)) return `${prefix}${JSON.stringify(key).slice(1, -1)}`;
      stack.push({ value: entry, path: `${prefix}${key}` });
    }
  }
  return null;
}
