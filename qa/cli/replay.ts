// `npm run qa:replay -- <flow> [pathId...|--all] [--headed] [--slow-mo ms] [--base-url url]`: replays
// generated paths in Debian's Chromium against a running storefront (--base-url or QA_BASE_URL) or one it
// starts on a fresh database. A failed path keeps its trace, a screenshot and the event log under
// qa-output/runs/<flow>/<pathId>/; every result goes to qa-output/runs/<flow>/results.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { contextOptions, launchOptions, startClock } from '../browser';
import { readEventLog, recordEvents } from '../events-log';
import type { QaFlow } from '../flow';
import { FLOWS, flowNamed } from '../flows';
import { OUTPUT, pathsFile, readResults, resultsFile, runDir, writeJson, type PathResult } from '../output';
import { generatePaths, type QaPath } from '../paths';
import { replayPath, StepFailure } from '../replay';
import { startStorefront } from '../server';

const USAGE = `Usage: npm run qa:replay -- <flow> [pathId ...|--all] [--headed] [--slow-mo ms] [--base-url url]

Flows: ${FLOWS.map((f) => f.name).join(', ')}
Without --base-url (or QA_BASE_URL) a storefront is started on a fresh database.`;

interface Options {
  flow: QaFlow;
  paths: QaPath[];
  headed: boolean;
  slowMo: number;
  baseURL: string | null;
}

function parse(argv: string[]): Options | null {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      all: { type: 'boolean', default: false },
      headed: { type: 'boolean', default: false },
      'slow-mo': { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [name, ...ids] = positionals;
  if (values.help || !name) return null;
  const flow = flowNamed(name);
  const generated = generatePaths(flow.name, flow.model, flow.events);
  writeJson(pathsFile(flow.name), generated);
  const unknown = ids.filter((id) => !generated.paths.some((p) => p.id === id));
  if (unknown.length)
    throw new Error(
      `No path ${unknown.join(', ')} in "${flow.name}" (see npm run qa:paths -- ${flow.name}).`,
    );
  if (!values.all && ids.length === 0)
    throw new Error(
      `Name paths or pass --all. Paths of "${flow.name}":\n${generated.paths.map((p) => `  ${p.id}  ${p.title}`).join('\n')}`,
    );
  const slowMo = Number(values['slow-mo'] ?? 0);
  if (!Number.isFinite(slowMo) || slowMo < 0) throw new Error('--slow-mo takes milliseconds');
  return {
    flow,
    paths: values.all ? generated.paths : generated.paths.filter((p) => ids.includes(p.id)),
    headed: values.headed ?? false,
    slowMo,
    baseURL: (values['base-url'] ?? process.env.QA_BASE_URL)?.replace(/\/$/, '') ?? null,
  };
}

/** Replays one path in a context of its own; keeps the trace, a screenshot and the events if it fails. */
async function replayOne(browser: Browser, flow: QaFlow, path: QaPath, baseURL: string): Promise<PathResult> {
  const dir = runDir(flow.name, path.id);
  rmSync(dir, { recursive: true, force: true });
  const context = await browser.newContext(contextOptions(baseURL));
  context.setDefaultTimeout(15_000);
  const log = await recordEvents(context);
  await context.tracing.start({ screenshots: true, snapshots: true, title: `${flow.name} ${path.id}` });
  const page = await context.newPage();
  await startClock(page);
  const started = Date.now();
  const steps: PathResult['steps'] = [];
  const base = { pathId: path.id, title: path.title };
  try {
    await replayPath(flow, path, { page, baseURL, memory: new Map() }, { onStep: (s) => steps.push(s) });
    await context.tracing.stop();
    return {
      ...base,
      status: 'passed',
      durationMs: Date.now() - started,
      finishedAt: new Date().toISOString(),
      steps,
    };
  } catch (error) {
    const durationMs = Date.now() - started;
    mkdirSync(dir, { recursive: true });
    const files = {
      trace: `${dir}/trace.zip`,
      screenshot: `${dir}/screenshot.png`,
      events: `${dir}/events.json`,
    };
    await page.screenshot({ path: files.screenshot, fullPage: true }).catch(() => undefined);
    writeJson(files.events, await readEventLog(page, log));
    await context.tracing.stop({ path: files.trace });
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(`${dir}/error.txt`, `${error instanceof Error ? (error.stack ?? message) : message}\n`);
    const at =
      error instanceof StepFailure
        ? { index: error.index, label: error.label }
        : { index: -1, label: 'replay' };
    const rel = (file: string) => relative(OUTPUT, file);
    return {
      ...base,
      status: 'failed',
      durationMs,
      finishedAt: new Date().toISOString(),
      steps,
      failure: {
        ...at,
        message,
        trace: rel(files.trace),
        screenshot: rel(files.screenshot),
        events: rel(files.events),
      },
    };
  } finally {
    await context.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const options = parse(argv);
  if (!options) {
    console.log(USAGE);
    return argv.length ? 0 : 2;
  }
  const { flow, paths } = options;
  const storefront = options.baseURL ? null : await startStorefront((line) => console.log(line));
  const baseURL = options.baseURL ?? storefront!.baseURL;
  const browser = await chromium.launch(launchOptions(options.headed, options.slowMo));
  const results = readResults(flow.name);
  let failed = 0;
  try {
    console.log(`Replaying ${paths.length} path(s) of "${flow.name}" against ${baseURL}`);
    for (const path of paths) {
      const result = await replayOne(browser, flow, path, baseURL);
      results[path.id] = result;
      writeJson(resultsFile(flow.name), results);
      const seconds = (result.durationMs / 1000).toFixed(1);
      if (result.status === 'passed') {
        console.log(`  ✓ ${path.id}  ${seconds}s  ${path.title}`);
      } else {
        failed += 1;
        console.log(
          `  ✗ ${path.id}  ${seconds}s  ${path.title}\n      ${result.failure!.message.split('\n').slice(0, 6).join('\n      ')}`,
        );
        console.log(`      trace: npx playwright show-trace ${OUTPUT}/${result.failure!.trace}`);
      }
    }
  } finally {
    await browser.close();
    await storefront?.stop();
  }
  console.log(`${paths.length - failed} passed, ${failed} failed. Results: ${resultsFile(flow.name)}`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
