// A machine's statechart drawn by Mermaid (bundled into this page, so it works offline). A chart is laid
// out once; a change of state only moves the highlight, since a layout of a large machine takes a second.
import type MermaidApi from 'mermaid';
import { useEffect, useRef, useState } from 'react';
import { mermaidIds, toMermaid, type Statechart } from '../statechart';

type Mermaid = typeof MermaidApi;
let loaded: Promise<Mermaid> | undefined;
const loadMermaid = () =>
  (loaded ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    return mermaid;
  }));

/**
 * Mermaid draws in a scratch element of the document named by the render's id: two renders at once, or
 * two with one id, leave a stray drawing over the page. Renders run one at a time, each with its own id.
 */
let queue: Promise<unknown> = Promise.resolve();
let renders = 0;
function draw(text: string): Promise<{ svg: string; id: string }> {
  const id = `statechart${(renders += 1)}`;
  const drawn = queue.then(async () => ({ svg: (await (await loadMermaid()).render(id, text)).svg, id }));
  queue = drawn.catch(() => undefined);
  return drawn;
}

/** The Mermaid id of each drawn state (toMermaid's ids) and the SVG elements drawing it. */
function drawnStates(container: HTMLElement, renderId: string): Map<string, Element[]> {
  const byId = new Map<string, Element[]>();
  const add = (id: string, element: Element) => byId.set(id, [...(byId.get(id) ?? []), element]);
  const pattern = new RegExp(`^${renderId}-state-(\\w+?)-\\d+$`);
  for (const element of container.querySelectorAll('g[id]')) {
    const match = pattern.exec(element.id);
    if (match) add(match[1]!, element);
    const dataId = element.getAttribute('data-id');
    if (dataId && element.classList.contains('statediagram-cluster')) add(dataId, element);
  }
  return byId;
}

/** The innermost of the active states: what the caption names. */
const leaves = (active: string[]) =>
  active.filter((id) => !active.some((other) => other.startsWith(`${id}.`)));

export function StatechartDiagram({ chart, active }: { chart: Statechart; active: string[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{
    chart: Statechart;
    states: Map<string, Element[]>;
    ids: Map<string, string>;
  }>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    const text = toMermaid(chart);
    void draw(text)
      .then(({ svg, id }) => {
        if (!current || !container.current) return;
        container.current.innerHTML = svg;
        setDrawn({ chart, states: drawnStates(container.current, id), ids: mermaidIds(chart) });
        setError(undefined);
      })
      .catch((failure: unknown) => current && setError(String(failure)));
    return () => {
      current = false;
    };
  }, [chart]);

  useEffect(() => {
    if (!drawn || drawn.chart !== chart) return;
    const on = new Set(active.map((state) => drawn.ids.get(state)).filter((id) => id !== undefined));
    for (const [id, elements] of drawn.states) {
      for (const element of elements) element.classList.toggle('is-active', on.has(id));
    }
  }, [drawn, chart, active]);

  return (
    <figure className="diagram" aria-label={`Statechart of ${chart.id}`}>
      {error ? <p role="alert">The diagram could not be drawn: {error}</p> : null}
      <div ref={container} className="diagram-canvas" data-active-states={active.join(' ')} />
      <figcaption>
        Active: <output data-testid="active-states">{leaves(active).join(', ') || chart.root.id}</output>
      </figcaption>
    </figure>
  );
}
