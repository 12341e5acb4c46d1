// Bundle budget report (npm run bench:bundle): builds the app with a manifest, then prints the gzip size of
// the JavaScript the first route needs and what each lazily loaded page adds on top (bench/bundle-sizes.ts),
// against the budgets, which tests/unit/bundle-budgets.test.ts holds.
import { FIRST_ROUTE_BUDGET, LAZY_ROUTE_BUDGET, measureBundle } from './bundle-sizes';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'ok' : 'OVER BUDGET');

const sizes = await measureBundle();
console.log('Bundle (gzip, level 9)');
console.log(`  entries and their static imports    ${kib(sizes.shell)}`);
console.log(
  `  first route (entry, entry page, zh-CN messages)  ${kib(sizes.firstRoute)}  budget ${kib(FIRST_ROUTE_BUDGET)}  ${verdict(sizes.firstRoute, FIRST_ROUTE_BUDGET)}`,
);
console.log('  lazily loaded routes (what each adds to the entry; a part a page loads after itself, to it):');
for (const { name, bytes } of sizes.pages)
  console.log(
    `    ${name.padEnd(30)} ${kib(bytes).padStart(10)}  budget ${kib(LAZY_ROUTE_BUDGET)}  ${verdict(bytes, LAZY_ROUTE_BUDGET)}`,
  );
console.log(`  locales loaded on demand: ${sizes.locales.join(', ') || 'none'}`);
