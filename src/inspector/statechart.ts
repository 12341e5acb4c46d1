// A machine's statechart as plain data, and as Mermaid `stateDiagram-v2` text. The docs (docs/flows.md,
// `npm run docs:flows`), the flow inspector (`/inspect/`) and the QA report all draw from this one module,
// so a diagram means the same wherever it appears (docs/decisions.md Q2-Q5).
//
//   const chart = statechartOf(checkoutMachine);        // plain, JSON-safe: the inspector receives it
//   toMermaid(chart);                                   // the docs' diagram
//   toMermaid(chart, { active: activeStateIds(chart, snapshot.value) });   // the live one
//   toMermaid(chart, { covered: new Set(['checkout.editing#order.submit#0']) });   // the QA report's
//
// Ids are stable across runs and builds: a state is its XState id (`session.user.idle`, the machine's id
// and the path), a transition is `<source state id>#<event>#<n>`, n counting that event's transitions of
// that source in the order XState tries them.
import type { AnyStateMachine, StateValue } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartTransition {
  id: string;
  /** The state that declares it. */
  source: string;
  /** Empty for a transition that changes no state (actions only). */
  targets: string[];
  /** The event as XState names it (`xstate.after.300.checkout.paying`, `xstate.done.actor.…`). */
  event: string;
  /** The guard's name (`not isPaid`, `hasToken and isOpen`), if any. */
  guard?: string;
  /** What a diagram writes on the arrow: the event in words, then the guard in brackets. */
  label: string;
  /** A transition to itself that leaves and re-enters the state. */
  reenter: boolean;
}

export interface ChartState {
  id: string;
  key: string;
  type: ChartStateType;
  /** The initial child of a compound state. */
  initial?: string;
  children: ChartState[];
  transitions: ChartTransition[];
  /** Invoked actors' sources, by name. */
  invokes: string[];
}

export interface Statechart {
  /** The machine's id. */
  id: string;
  root: ChartState;
}

export interface MermaidOptions {
  /** State ids to mark as active (classDef `active`): the live states of a snapshot. */
  active?: Iterable<string>;
  /** Transition ids to mark as covered: their label starts with ✓, the rest with ·. */
  covered?: ReadonlySet<string>;
  /** Layout direction; top-to-bottom by default. */
  direction?: 'TB' | 'LR';
}

/** The structural view of XState's StateNode that the chart needs (kept loose: XState's own is generic). */
interface NodeLike {
  id: string;
  key: string;
  type: ChartStateType;
  states: Record<string, NodeLike>;
  initial?: { target: ReadonlyArray<{ id: string }> };
  transitions: Map<string, ReadonlyArray<TransitionLike>>;
  always?: ReadonlyArray<TransitionLike>;
  invoke: ReadonlyArray<{ id: string; src: unknown }>;
}
interface TransitionLike {
  target?: ReadonlyArray<{ id: string }>;
  guard?: unknown;
  reenter: boolean;
}

/** A guard's name: a named guard, or a combinator of named guards (`not`, `and`, `or`). */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(inner)) {
      const names = inner.map((g) => guardName(g) ?? 'guard');
      if (guard.name === 'not') return `not ${names.join(' ')}`;
      const joined = names.join(` ${guard.name} `);
      return names.length > 1 ? `(${joined})` : joined;
    }
    return guard.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

const sourceName = (src: unknown): string =>
  typeof src === 'string' ? src : ((src as { id?: string } | null)?.id ?? 'actor');

/**
 * An event as a reader says it: `after 300ms`, `done: loadShop`, `error: loadShop`, `done` (a compound
 * state reached its final child), `always`, or the event's own type.
 */
function eventWords(event: string, node: NodeLike): string {
  const invokeSource = (id: string) => sourceName(node.invoke.find((i) => i.id === id)?.src ?? id);
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]}ms` : `after ${after[1]}`;
  if (event.startsWith('xstate.done.actor.')) return `done: ${invokeSource(event.slice(18))}`;
  if (event.startsWith('xstate.error.actor.')) return `error: ${invokeSource(event.slice(19))}`;
  if (event.startsWith('xstate.done.state.')) return 'done';
  return event;
}

function chartTransitions(node: NodeLike): ChartTransition[] {
  const entries: Array<[string, ReadonlyArray<TransitionLike>]> = [...node.transitions.entries()];
  if (node.always?.length) entries.push(['', node.always]);
  return entries.flatMap(([event, transitions]) =>
    transitions.map((t, n) => {
      const guard = guardName(t.guard);
      const words = event === '' ? 'always' : eventWords(event, node);
      return {
        id: `${node.id}#${event || 'always'}#${n}`,
        source: node.id,
        targets: (t.target ?? []).map((target) => target.id),
        event: event || 'always',
        ...(guard ? { guard } : {}),
        label: guard ? `${words} [${guard}]` : words,
        reenter: t.reenter,
      };
    }),
  );
}

function chartState(node: NodeLike): ChartState {
  const initial = node.type === 'compound' ? node.initial?.target[0]?.id : undefined;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    ...(initial ? { initial } : {}),
    children: Object.values(node.states).map(chartState),
    transitions: chartTransitions(node),
    invokes: node.invoke.map((i) => sourceName(i.src)),
  };
}

/** The machine's statechart, from its definition alone (no actor, no provided implementations). */
export function statechartOf(machine: AnyStateMachine): Statechart {
  const root = machine.root as unknown as NodeLike;
  return { id: root.id, root: chartState(root) };
}

/** The ids of the states a snapshot's value is in, ancestors included (the root too). */
export function activeStateIds(chart: Statechart, value: StateValue | null | undefined): string[] {
  const active: string[] = [chart.root.id];
  const walk = (node: ChartState, value: StateValue | null | undefined) => {
    if (value === null || value === undefined) return;
    const entries: Array<[string, StateValue | null | undefined]> =
      typeof value === 'string' ? [[value, null]] : Object.entries(value);
    for (const [key, inner] of entries) {
      const child = node.children.find((c) => c.key === key);
      if (!child) continue;
      active.push(child.id);
      walk(child, inner);
    }
  };
  walk(chart.root, value);
  return active;
}

/** Every state of the chart, depth first, the root first. */
export function statesOf(chart: Statechart): ChartState[] {
  const all: ChartState[] = [];
  const walk = (state: ChartState) => {
    all.push(state);
    state.children.forEach(walk);
  };
  walk(chart.root);
  return all;
}

/** Every transition of the chart, in document order. */
export const transitionsOf = (chart: Statechart): ChartTransition[] =>
  statesOf(chart).flatMap((s) => s.transitions);

/**
 * Mermaid ids are global to a diagram and allow only word characters: `idle` of two regions would be one
 * state. Each state gets its path below the root with `_` between keys, made unique by a suffix; the
 * root is `root`. Keyed by state id: a page that draws the text finds a state's shapes by this id.
 */
export function mermaidIds(chart: Statechart): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>(['root']);
  for (const state of statesOf(chart)) {
    if (state === chart.root) {
      ids.set(state.id, 'root');
      continue;
    }
    const base = state.id.slice(chart.root.id.length + 1).replace(/\W+/g, '_') || 'state';
    let id = /^\d/.test(base) ? `s_${base}` : base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}_${n}`;
    taken.add(id);
    ids.set(state.id, id);
  }
  return ids;
}

/** Text Mermaid reads as plain words in a label or a state name. */
const words = (text: string) =>
  text
    .replace(/[:;{}#"<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The ancestors of a state, nearest first. */
function ancestorsOf(parentOf: Map<string, ChartState>, id: string): ChartState[] {
  const chain: ChartState[] = [];
  for (let p = parentOf.get(id); p; p = parentOf.get(p.id)) chain.push(p);
  return chain;
}

/**
 * Where each transition is drawn. Mermaid lays out an arrow best inside the innermost state holding both
 * ends, and refuses an arrow from a composite state to its own child or descriptions on a composite state.
 * So a composite state's own transitions start at an "in any state" box inside it; a transition that
 * changes no state, or re-enters its own state or an ancestor, is a line of text in its state's box.
 */
interface Layout {
  arrowsIn: Map<string, Array<{ from: string; to: string; text: string }>>;
  linesOf: Map<string, string[]>;
  /** Composite states that need their "in any state" box. */
  anyBoxes: Set<string>;
}

function layoutOf(chart: Statechart, label: (t: ChartTransition) => string): Layout {
  const parentOf = new Map<string, ChartState>();
  const byId = new Map(statesOf(chart).map((s) => [s.id, s]));
  for (const state of statesOf(chart)) for (const child of state.children) parentOf.set(child.id, state);
  const layout: Layout = { arrowsIn: new Map(), linesOf: new Map(), anyBoxes: new Set() };
  const push = <T>(map: Map<string, T[]>, key: string, item: T) =>
    map.set(key, [...(map.get(key) ?? []), item]);
  for (const t of transitionsOf(chart)) {
    const source = byId.get(t.source)!;
    const composite = source.children.length > 0;
    const box = composite ? `${source.id}#any` : source.id;
    if (t.targets.length === 0) {
      push(layout.linesOf, box, label(t));
      continue;
    }
    for (const target of t.targets) {
      const sourceAncestors = ancestorsOf(parentOf, source.id);
      const targetAncestors = ancestorsOf(parentOf, target);
      if (target === source.id && !composite) {
        push(layout.arrowsIn, parentOf.get(source.id)?.id ?? chart.root.id, {
          from: box,
          to: target,
          text: label(t),
        });
      } else if (target === source.id || sourceAncestors.some((a) => a.id === target)) {
        push(layout.linesOf, box, `${label(t)} ↺ ${byId.get(target)?.key ?? target}`);
      } else if (targetAncestors.some((a) => a.id === source.id)) {
        push(layout.arrowsIn, source.id, { from: box, to: target, text: label(t) });
      } else {
        const targetChain = new Set(targetAncestors.map((a) => a.id));
        const owner = sourceAncestors.find((a) => targetChain.has(a.id))?.id ?? chart.root.id;
        push(layout.arrowsIn, owner, { from: source.id, to: target, text: label(t) });
      }
    }
  }
  // A composite state's box is drawn only when something starts there.
  const boxes = [...layout.linesOf.keys(), ...[...layout.arrowsIn.values()].flat().map((a) => a.from)];
  for (const box of boxes) if (box.endsWith('#any')) layout.anyBoxes.add(box.slice(0, -4));
  return layout;
}

/** Mermaid `stateDiagram-v2` text of a chart. */
export function toMermaid(chart: Statechart, options: MermaidOptions = {}): string {
  const ids = mermaidIds(chart);
  const idOf = (stateId: string) => ids.get(stateId) ?? 'root';
  const label = (t: ChartTransition) => {
    const text = words(t.label);
    if (!options.covered) return text;
    return `${options.covered.has(t.id) ? '✓' : '·'} ${text}`;
  };

  const { arrowsIn, linesOf, anyBoxes } = layoutOf(chart, label);
  const boxId = (stateOrBox: string) =>
    stateOrBox.endsWith('#any') ? `${idOf(stateOrBox.slice(0, -4))}_any` : idOf(stateOrBox);

  const lines = ['stateDiagram-v2'];
  if (options.direction === 'LR') lines.push('  direction LR');
  const write = (state: ChartState, indent: string) => {
    const id = idOf(state.id);
    const name = words(state.key) || state.key;
    if (state.children.length === 0) {
      lines.push(`${indent}state "${name}" as ${id}`);
      for (const line of linesOf.get(state.id) ?? []) lines.push(`${indent}${id}: ${line}`);
      if (state.type === 'final') lines.push(`${indent}${id} --> [*]`);
      return;
    }
    const inner = `${indent}  `;
    lines.push(`${indent}state "${name}" as ${id} {`);
    if (anyBoxes.has(state.id)) {
      lines.push(`${inner}state "in any state" as ${id}_any`);
      for (const line of linesOf.get(`${state.id}#any`) ?? []) lines.push(`${inner}${id}_any: ${line}`);
      if (state.type === 'parallel') lines.push(`${inner}--`);
    }
    if (state.initial) lines.push(`${inner}[*] --> ${idOf(state.initial)}`);
    state.children.forEach((child, n) => {
      if (state.type === 'parallel' && n > 0) lines.push(`${inner}--`);
      write(child, inner);
    });
    for (const arrow of arrowsIn.get(state.id) ?? [])
      lines.push(`${inner}${boxId(arrow.from)} --> ${idOf(arrow.to)}: ${arrow.text}`);
    lines.push(`${indent}}`);
  };
  write(chart.root, '  ');

  if (anyBoxes.size > 0) {
    lines.push('  classDef anyState fill:#f6f6f6,stroke:#999,stroke-dasharray:4 3,color:#333');
    lines.push(`  class ${[...anyBoxes].map((id) => `${idOf(id)}_any`).join(',')} anyState`);
  }
  const active = [...(options.active ?? [])].filter((stateId) => ids.has(stateId));
  if (active.length > 0) {
    lines.push('  classDef active fill:#fde3e1,stroke:#df554a,stroke-width:3px,color:#5a1510');
    lines.push(`  class ${active.map(idOf).join(',')} active`);
  }
  return `${lines.join('\n')}\n`;
}
