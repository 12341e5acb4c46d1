// The QA output folder (gitignored): qa-output/paths/<flow>.json and .mmd, qa-output/runs/<flow>/results.json
// and one folder per failed path (trace.zip, screenshot.png, events.json, error.txt), qa-output/report/.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FlowPaths } from './paths';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = resolve(process.env.QA_OUTPUT_DIR ?? join(ROOT, 'qa-output'));

export const pathsFile = (flow: string) => join(OUTPUT, 'paths', `${flow}.json`);
export const diagramFile = (flow: string) => join(OUTPUT, 'paths', `${flow}.mmd`);
export const runsDir = (flow: string) => join(OUTPUT, 'runs', flow);
export const runDir = (flow: string, pathId: string) => join(runsDir(flow), pathId);
export const resultsFile = (flow: string) => join(runsDir(flow), 'results.json');
export const reportDir = () => join(OUTPUT, 'report');
/** Tokens of demo logins by server, so that a replay does not spend the phone's SMS codes again. */
export const sessionsFile = () => join(OUTPUT, 'sessions.json');

export interface PathResult {
  pathId: string;
  title: string;
  status: 'passed' | 'failed';
  durationMs: number;
  finishedAt: string;
  steps: { index: number; label: string; durationMs: number }[];
  /** The step that failed and why, with the files kept for it (relative to qa-output/). */
  failure?: {
    index: number;
    label: string;
    message: string;
    trace: string;
    screenshot: string;
    events: string;
  };
}

/** Writes whole or not at all: a replay in another worker may read the file meanwhile. */
export function writeJson(file: string, value: unknown) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(partial, file);
}

export function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

export const readPaths = (flow: string) => readJson<FlowPaths>(pathsFile(flow));

/** The latest result of each path of a flow, by path id. */
export const readResults = (flow: string) => readJson<Record<string, PathResult>>(resultsFile(flow)) ?? {};
