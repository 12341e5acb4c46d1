// docs/flows.md shows every machine's statechart as generated from its definition; a change to a machine
// without `npm run docs:flows` fails here (docs/decisions.md Q13-Q14).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOWS_DOC, loadMachines, updateFlowDiagrams } from '../../scripts/flow-diagrams';

describe('docs/flows.md diagrams', () => {
  it('has a current diagram for every machine of src/machines', async () => {
    const machines = await loadMachines();
    expect(machines.size).toBeGreaterThan(0);
    const current = readFileSync(FLOWS_DOC, 'utf8');
    const { text, withoutSection, unknown } = updateFlowDiagrams(current, machines);
    expect(withoutSection, 'machines without a "## <machine id>" section in docs/flows.md').toEqual([]);
    expect(unknown, 'diagram blocks in docs/flows.md that name no machine').toEqual([]);
    if (text !== current) {
      const stale = [...machines.keys()].filter((id) => {
        const blockOf = (doc: string) =>
          doc.match(new RegExp(`<!-- diagram:${id} -->[\\s\\S]*?<!-- /diagram -->`))?.[0];
        return blockOf(text) !== blockOf(current);
      });
      expect.fail(
        `docs/flows.md is out of date for ${stale.join(', ')}: run "npm run docs:flows" and commit the result.`,
      );
    }
  });
});
