// The member money pages read their own query in their chunk (the router passes it on as it comes), so
// the first route carries no reader of it.

/** A positive integer id from a query value ("12" or 12), else null. */
export function positiveId(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}
