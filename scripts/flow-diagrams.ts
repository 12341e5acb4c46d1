// `npm run docs:flows`: writes each machine's statechart into docs/flows.md, as a Mermaid block between
// `<!-- diagram:<machine id> -->` and `<!-- /diagram -->` in the machine's own section (`## <machine id>`),
// drawn from the machine's definition by src/inspector/statechart.ts. tests/unit/flow-diagrams.test.ts
// fails when the file differs from what this writes (docs/decisions.md Q13-Q14).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { statechartOf, toMermaid } from '../src/inspector/statechart';

const repo = fileURLToPath(new URL('..', import.meta.url));
export const FLOWS_DOC = resolve(repo, 'docs/flows.md');
const MACHINES_DIR = resolve(repo, 'src/machines');

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'id' in value;

/** Every machine exported by src/machines/<area>/*.machine.ts, by its id, in file order. */
export async function loadMachines(): Promise<Map<string, AnyStateMachine>> {
  const machines = new Map<string, AnyStateMachine>();
  const files = readdirSync(MACHINES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(resolve(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isMachine(value)) machines.set(value.id, value);
  }
  return machines;
}

const block = (id: string, machine: AnyStateMachine) =>
  `<!-- diagram:${id} -->\n\`\`\`mermaid\n${toMermaid(statechartOf(machine))}\`\`\`\n<!-- /diagram -->`;

const BLOCK = /<!-- diagram:([\w-]+) -->\n[\s\S]*?<!-- \/diagram -->/g;

export interface DiagramUpdate {
  text: string;
  /** Machines whose section (`## <id>`) the document lacks. */
  withoutSection: string[];
  /** Diagram blocks that name no machine. */
  unknown: string[];
}

/** The document with every machine's diagram block current: replaced in place, or added at its section's end. */
export function updateFlowDiagrams(markdown: string, machines: Map<string, AnyStateMachine>): DiagramUpdate {
  const unknown: string[] = [];
  let text = markdown.replace(BLOCK, (whole, id: string) => {
    const machine = machines.get(id);
    if (!machine) {
      unknown.push(id);
      return whole;
    }
    return block(id, machine);
  });
  const withoutSection: string[] = [];
  for (const [id, machine] of machines) {
    if (text.includes(`<!-- diagram:${id} -->`)) continue;
    const lines = text.split('\n');
    const heading = lines.findIndex((line) => line.trim() === `## ${id}`);
    if (heading < 0) {
      withoutSection.push(id);
      continue;
    }
    let end = lines.findIndex((line, n) => n > heading && line.startsWith('## '));
    if (end < 0) end = lines.length;
    while (end > heading + 1 && lines[end - 1]!.trim() === '') end -= 1;
    lines.splice(end, 0, '', block(id, machine), ...(end < lines.length ? [''] : []));
    text = lines.join('\n');
  }
  return { text, withoutSection, unknown };
}

async function main() {
  const machines = await loadMachines();
  const before = readFileSync(FLOWS_DOC, 'utf8');
  const { text, withoutSection, unknown } = updateFlowDiagrams(before, machines);
  if (text !== before) writeFileSync(FLOWS_DOC, text);
  console.log(
    `${machines.size} machine diagrams ${text === before ? 'already current' : 'written'} in docs/flows.md`,
  );
  if (withoutSection.length > 0) console.warn(`No "## <id>" section for: ${withoutSection.join(', ')}`);
  if (unknown.length > 0) console.warn(`Diagram blocks naming no machine: ${unknown.join(', ')}`);
  if (withoutSection.length > 0 || unknown.length > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
