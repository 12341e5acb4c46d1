// The statechart module draws the docs' diagrams, the inspector's and the QA report's: its ids, labels
// and Mermaid text are a contract (src/inspector/statechart.ts).
import { and, createMachine, not } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  activeStateIds,
  mermaidIds,
  statechartOf,
  toMermaid,
  transitionsOf,
} from '../../src/inspector/statechart';
import { maskPersonalData, MASK } from '../../src/inspector/mask';

const machine = createMachine({
  id: 'demo',
  type: 'parallel',
  on: { 'demo.reset': { target: '.user.idle' }, 'demo.note': {} },
  states: {
    user: {
      initial: 'idle',
      states: {
        idle: { on: { go: { target: 'busy', guard: not('isBusy') } } },
        busy: {
          invoke: { src: 'load', onDone: 'done', onError: { target: 'idle', guard: and(['a', 'b']) } },
          after: { 300: 'idle' },
        },
        done: { type: 'final' },
      },
    },
    language: {
      initial: 'idle',
      states: { idle: { always: { target: 'saving', guard: 'wantsSave' } }, saving: {} },
    },
  },
});

describe('statechartOf and toMermaid', () => {
  const chart = statechartOf(machine);

  it('gives states their XState ids and transitions stable ids and readable labels', () => {
    const labels = Object.fromEntries(transitionsOf(chart).map((t) => [t.id, t.label]));
    expect(labels).toMatchObject({
      'demo.user.idle#go#0': 'go [not isBusy]',
      'demo.language.idle#always#0': 'always [wantsSave]',
      'demo#demo.reset#0': 'demo.reset',
    });
    expect(Object.values(labels)).toEqual(
      expect.arrayContaining(['done: load', 'error: load [(a and b)]', 'after 300ms']),
    );
  });

  it('keeps same-named states of two regions apart and separates the regions', () => {
    const ids = mermaidIds(chart);
    expect(ids.get('demo.user.idle')).toBe('user_idle');
    expect(ids.get('demo.language.idle')).toBe('language_idle');
    const text = toMermaid(chart);
    expect(text).toMatch(/^stateDiagram-v2\n/);
    expect(text).toContain('state "idle" as user_idle');
    expect(text).toContain('    --\n');
    expect(text).toContain('user_idle --> user_busy: go [not isBusy]');
    // The root's own transitions start at its "in any state" box; one without a target is a line in it.
    expect(text).toContain('root_any --> user_idle: demo.reset');
    expect(text).toContain('root_any: demo.note');
    expect(text).toContain('user_done --> [*]');
  });

  it('marks the active states and the covered transitions', () => {
    const active = activeStateIds(chart, { user: 'busy', language: 'idle' });
    expect(active).toEqual(['demo', 'demo.user', 'demo.user.busy', 'demo.language', 'demo.language.idle']);
    const text = toMermaid(chart, { active, covered: new Set(['demo.user.idle#go#0']) });
    expect(text).toContain('class root,user,user_busy,language,language_idle active');
    expect(text).toContain('user_idle --> user_busy: ✓ go [not isBusy]');
    expect(text).toContain('· after 300ms');
  });
});

describe('maskPersonalData', () => {
  it('masks phones, secrets and codes by key and by shape, and returns plain data', () => {
    const clock = () => new Date();
    const masked = maskPersonalData({
      phone: '13800000001',
      payPassword: '246810',
      token: 'abc',
      code: '123456',
      error: { code: 5, message: 'call 13800000002 now' },
      note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX2hlcmU',
      device: '0f3a9c1b2d4e5f60718293a4b5c6d7e8',
      orderNo: '2026111910000001',
      clock,
    });
    expect(masked).toEqual({
      phone: '138••••0001',
      payPassword: MASK,
      token: MASK,
      code: MASK,
      error: { code: 5, message: 'call 138••••0002 now' },
      note: MASK,
      device: MASK,
      orderNo: '2026111910000001',
      clock: 'ƒ clock',
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(maskPersonalData(cyclic)).toEqual({ a: 1, self: '[circular]' });
  });
});
