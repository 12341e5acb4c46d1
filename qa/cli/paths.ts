// `npm run qa:paths -- <flow> [--json]`: generates a flow's paths from its model, writes them to
// qa-output/paths/<flow>.json with the model's diagram (<flow>.mmd), and prints them with their coverage.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { statechartOf, toMermaid } from '../../src/inspector/statechart';
import { FLOWS, flowNamed } from '../flows';
import { diagramFile, pathsFile, writeJson } from '../output';
import { eventLabel, generatePaths, stateLabel, type FlowPaths } from '../paths';

const USAGE = `Usage: npm run qa:paths -- <flow> [--json]

Flows: ${FLOWS.map((f) => f.name).join(', ')}`;

export function printPaths(paths: FlowPaths, out: (line: string) => void) {
  out(`${paths.flow}: ${paths.paths.length} paths of model "${paths.machine}"`);
  for (const path of paths.paths) {
    out(`\n  ${path.id}  ${path.title}`);
    out(`    0. start ⇒ ${stateLabel(path.start.value)}`);
    path.steps.forEach((step, i) =>
      out(
        `    ${i + 1}. ${eventLabel(step.event)} ⇒ ${stateLabel(step.state.value)} ${JSON.stringify(step.state.context)}`,
      ),
    );
  }
  const { states, transitions } = paths.coverage;
  out(
    `\nCoverage: states ${states.reached.length}/${states.total}, transitions ${transitions.covered.length}/${transitions.total}`,
  );
  if (states.missing.length) out(`  states not reached: ${states.missing.join(', ')}`);
  if (transitions.missing.length) out(`  transitions not taken: ${transitions.missing.join(', ')}`);
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const [name] = positionals;
  if (values.help || !name) {
    console.log(USAGE);
    return name || values.help ? 0 : 2;
  }
  const flow = flowNamed(name);
  const paths = generatePaths(flow.name, flow.model, flow.events);
  writeJson(pathsFile(flow.name), paths);
  const chart = statechartOf(flow.model);
  const diagram = toMermaid(chart, { covered: new Set(paths.coverage.transitions.covered) });
  writeFileSync(diagramFile(flow.name), `${diagram}\n`);
  if (values.json) {
    console.log(JSON.stringify(paths, null, 2));
    return 0;
  }
  printPaths(paths, (line) => console.log(line));
  console.log(`\nDiagram (Mermaid; ✓ marks a transition the paths take):\n\n${diagram}`);
  console.log(`\nWritten: ${pathsFile(flow.name)}\n         ${diagramFile(flow.name)}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
