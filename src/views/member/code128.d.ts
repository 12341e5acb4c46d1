// jsbarcode types only its main entry; the page imports the one encoder it draws.
declare module 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO' {
  type Code128 = new (
    data: string,
    options: object,
  ) => {
    valid(): boolean;
    /** `data`: the bars and spaces as '1' and '0', one character per module. */
    encode(): { text: string; data: string };
  };
  const exported: Code128 | { default: Code128 };
  export default exported;
}
