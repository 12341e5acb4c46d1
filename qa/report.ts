// The QA report: one HTML page per flow (the model's diagram with the transitions the passing replays took
// marked ✓, every path with its steps, result, duration and, for a failure, its screenshot, trace and event
// log) and an index. Plain files that open offline: Mermaid comes from node_modules, copied beside them.
import { statechartOf, toMermaid } from '../src/inspector/statechart';
import type { QaFlow } from './flow';
import type { PathResult } from './output';
import { eventLabel, stateLabel, type FlowPaths, type QaPath } from './paths';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; } td, th { border-bottom: 1px solid #ddd; padding: .4rem; text-align: left; vertical-align: top; }
.passed { color: #176b2c; } .failed { color: #b3261e; } .notrun { color: #666; }
.badge { font-weight: 600; } code { background: #f3f3f3; padding: 0 .2rem; border-radius: 3px; }
details { margin: .4rem 0; } ol { margin: .3rem 0 .3rem 1.2rem; padding: 0; }
li.failed-step { color: #b3261e; font-weight: 600; } .error { white-space: pre-wrap; background: #fbeaea; padding: .5rem; }
img.shot { max-width: 260px; border: 1px solid #ccc; } .diagram { overflow-x: auto; border: 1px solid #eee; padding: 1rem; }
`;

function page(title: string, body: string, withMermaid: boolean): string {
  const mermaid = withMermaid
    ? `<script src="mermaid.min.js"></script><script>mermaid.initialize({ startOnLoad: true, securityLevel: 'strict' });</script>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body>${body}${mermaid}</body></html>\n`;
}

function statusOf(result: PathResult | undefined) {
  if (!result) return { css: 'notrun', text: 'not run' };
  return result.status === 'passed' ? { css: 'passed', text: 'passed' } : { css: 'failed', text: 'FAILED' };
}

function stepsList(path: QaPath, result: PathResult | undefined): string {
  const durations = new Map((result?.steps ?? []).map((s) => [s.index, s.durationMs]));
  const failedAt = result?.failure?.index;
  const item = (index: number, text: string) => {
    const took = durations.has(index) ? ` <small>(${seconds(durations.get(index)!)})</small>` : '';
    const css = index === failedAt ? ' class="failed-step"' : '';
    return `<li value="${index}"${css}>${escapeHtml(text)}${took}${index === failedAt ? ' ✗' : ''}</li>`;
  };
  const items = [
    item(0, `Start ⇒ ${stateLabel(path.start.value)}`),
    ...path.steps.map((step, i) =>
      item(
        i + 1,
        `${eventLabel(step.event)} ⇒ expect ${stateLabel(step.state.value)} ${JSON.stringify(step.state.context)}`,
      ),
    ),
  ];
  return `<ol>${items.join('')}</ol>`;
}

function failureBlock(result: PathResult): string {
  const failure = result.failure!;
  const link = (file: string, label: string) => `<a href="../${escapeHtml(file)}">${label}</a>`;
  return `<div class="error">${escapeHtml(failure.message)}</div>
<p><img class="shot" src="../${escapeHtml(failure.screenshot)}" alt="The screen when step ${failure.index} failed"></p>
<p>${link(failure.trace, 'Trace')} (open with <code>npx playwright show-trace qa-output/${escapeHtml(failure.trace)}</code>) ·
${link(failure.screenshot, 'Screenshot')} · ${link(failure.events, 'Event log')}</p>`;
}

/** Transitions the paths that passed took: what the replays have shown on the screen. */
export function coveredByPassing(paths: FlowPaths, results: Record<string, PathResult>): Set<string> {
  const covered = new Set<string>();
  for (const path of paths.paths) {
    if (results[path.id]?.status !== 'passed') continue;
    for (const step of path.steps) for (const id of step.transitions) covered.add(id);
  }
  return covered;
}

export function flowReport(flow: QaFlow, paths: FlowPaths, results: Record<string, PathResult>): string {
  const covered = coveredByPassing(paths, results);
  const diagram = toMermaid(statechartOf(flow.model), { covered });
  const counts = { passed: 0, failed: 0, notrun: 0 };
  for (const path of paths.paths) counts[statusOf(results[path.id]).css as keyof typeof counts] += 1;
  const rows = paths.paths
    .map((path) => {
      const result = results[path.id];
      const status = statusOf(result);
      return `<tr id="${path.id}"><td><code>${path.id}</code></td>
<td><details${result?.status === 'failed' ? ' open' : ''}><summary>${escapeHtml(path.title)}</summary>${stepsList(path, result)}
${result?.status === 'failed' ? failureBlock(result) : ''}</details></td>
<td class="badge ${status.css}">${status.text}</td><td>${result ? seconds(result.durationMs) : '–'}</td>
<td>${result ? escapeHtml(result.finishedAt.replace('T', ' ').slice(0, 19)) : '–'}</td></tr>`;
    })
    .join('\n');
  const { states, transitions } = paths.coverage;
  const body = `<p><a href="index.html">All flows</a></p>
<h1>${escapeHtml(flow.title)}</h1>
<p><strong>How a run starts:</strong> ${escapeHtml(flow.startsWith)}</p>
<p><strong>Paths:</strong> ${paths.paths.length} (passed ${counts.passed}, failed ${counts.failed}, not run ${counts.notrun}).
<strong>The paths reach</strong> ${states.reached.length} of ${states.total} model states and ${transitions.covered.length} of ${transitions.total} transitions;
the passing replays took ${covered.size}.</p>
<p>Replay a path: <code>npm run qa:replay -- ${flow.name} &lt;path id&gt; --headed --slow-mo 300</code>; all of them:
<code>npm run qa:replay -- ${flow.name} --all</code>.</p>
<h2>The model (✓ a transition a passing replay took, · one it did not)</h2>
<div class="diagram"><pre class="mermaid">${escapeHtml(diagram)}</pre></div>
<h2>Paths</h2>
<table><thead><tr><th>Id</th><th>Steps (event ⇒ the state the screen must show)</th><th>Result</th><th>Duration</th><th>Run at</th></tr></thead>
<tbody>${rows}</tbody></table>`;
  return page(`QA: ${flow.title}`, body, true);
}

export function indexReport(
  entries: { flow: QaFlow; paths: FlowPaths | null; results: Record<string, PathResult> }[],
) {
  const rows = entries
    .map(({ flow, paths, results }) => {
      const all = paths?.paths ?? [];
      const passed = all.filter((p) => results[p.id]?.status === 'passed').length;
      const failed = all.filter((p) => results[p.id]?.status === 'failed').length;
      return `<tr><td><a href="${flow.name}.html">${escapeHtml(flow.title)}</a></td><td>${all.length}</td>
<td class="passed">${passed}</td><td class="failed">${failed}</td><td class="notrun">${all.length - passed - failed}</td></tr>`;
    })
    .join('\n');
  const body = `<h1>QA: generated paths replayed in Chromium</h1>
<p>Each flow's paths come from the model machine its model-based test walks; each step is a user action and
each expected state a check on the screen.</p>
<table><thead><tr><th>Flow</th><th>Paths</th><th>Passed</th><th>Failed</th><th>Not run</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('QA report', body, false);
}
