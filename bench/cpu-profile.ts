// `npm run bench:profile -- <file.cpuprofile> [--top 30] [--last <seconds>]`: reads a V8 CPU profile
// (node --cpu-prof, as `npm run bench:api -- --profile <dir>` writes for the API process) and prints where
// the process spent its time: self time by package or project folder, then by function. `--last` reads only
// the profile's last seconds, the load a benchmark ends with, leaving out the process's start and seeding.
// What a benchmark misses is named from such a profile (docs/decisions.md "Speed at the lunch peak").
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, last: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile> [--top 30] [--last <seconds>]');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

/** A package (node_modules/<name>), a project folder (server/modules/orders), Node's own, or V8's. */
function placeOf(url: string): string {
  if (!url) return '(V8: program, idle, GC)';
  if (url.startsWith('node:')) return 'node:';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const project = /\/(server|src|bench)\/(.*)\/[^/]+$/.exec(url);
  if (project) return `${project[1]}/${project[2]}`;
  return url.replace(/^.*\//, '');
}

/** Sample times from the profile's start (µs): the deltas run on from one sample to the next. */
const times: number[] = [];
profile.timeDeltas.reduce((at, delta, i) => (times[i] = at + delta), 0);
const end = times.at(-1) ?? 0;
const from = values.last === undefined ? -Infinity : end - Number(values.last) * 1_000_000;

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = nodes.get(id);
  const delta = profile.timeDeltas[i] ?? 0;
  if (!node || (times[i] ?? 0) < from) return;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') return;
  total += delta;
  const place = placeOf(url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + delta);
  const name = `${functionName || '(anonymous)'}  ${url.replace(/^.*\/(node_modules|server|src)\//, '$1/')}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
});

const rows = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]) =>
        `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`,
    )
    .join('\n');

console.log(`busy ${(total / 1000).toFixed(0)} ms (idle left out)\n\nself time by package or folder:`);
console.log(rows(byPlace));
console.log('\nself time by function:');
console.log(rows(byFunction));
