// What the benchmark scripts share for their command lines.

/** A whole-number option in 1..max, or exit 2 naming it. */
export function positive(name: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} must be a whole number 1-${max}, got "${text}"`);
    process.exit(2);
  }
  return value;
}
