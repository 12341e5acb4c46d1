// `npm run qa:report`: writes qa-output/report/index.html and one page per flow from the generated paths and
// the latest replay results (qa-output/paths, qa-output/runs).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FLOWS } from '../flows';
import { pathsFile, readResults, reportDir, writeJson } from '../output';
import { generatePaths } from '../paths';
import { flowReport, indexReport } from '../report';

function main() {
  const dir = reportDir();
  mkdirSync(dir, { recursive: true });
  const mermaid = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  copyFileSync(mermaid, join(dir, 'mermaid.min.js'));
  const entries = FLOWS.map((flow) => {
    // Generated afresh, so the report always matches the model it describes.
    const paths = generatePaths(flow.name, flow.model, flow.events);
    writeJson(pathsFile(flow.name), paths);
    const results = readResults(flow.name);
    writeFileSync(join(dir, `${flow.name}.html`), flowReport(flow, paths, results));
    return { flow, paths, results };
  });
  writeFileSync(join(dir, 'index.html'), indexReport(entries));
  console.log(`QA report: ${join(dir, 'index.html')}`);
}

main();
