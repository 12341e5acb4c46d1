// Replays one generated path on a page: the flow's start, then for each step the model event as a user
// action and the model state as a check on the screen. Shared by `npm run qa:replay` and the Playwright
// spec tests/e2e/qa-paths.spec.ts.
import { activeKeys, assertMapped, type QaFlow, type Run } from './flow';
import { eventLabel, stateLabel, type ModelState, type QaPath } from './paths';

export interface StepOutcome {
  /** 0: the start state; n: after the n-th event. */
  index: number;
  label: string;
  durationMs: number;
}

export class StepFailure extends Error {
  constructor(
    readonly index: number,
    readonly label: string,
    cause: unknown,
  ) {
    super(`step ${index} (${label}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function checkState(flow: QaFlow, run: Run, state: ModelState) {
  for (const key of activeKeys(state.value)) {
    const check = flow.checks[key];
    // assertMapped has run: a missing check here means the value names a state the model does not have.
    if (!check) throw new Error(`no screen check for model state "${key}"`);
    await check(run, state);
  }
}

/**
 * Runs the first `stepCount` steps of a path (all by default); throws StepFailure naming the step. Each
 * finished step is reported to `onStep`, so a caller can show progress or slow down between steps.
 */
export async function replayPath(
  flow: QaFlow,
  path: QaPath,
  run: Run,
  { stepCount = path.steps.length, onStep }: { stepCount?: number; onStep?: (o: StepOutcome) => void } = {},
): Promise<StepOutcome[]> {
  assertMapped(flow);
  const outcomes: StepOutcome[] = [];
  const timed = async (index: number, label: string, work: () => Promise<void>) => {
    const started = Date.now();
    try {
      await work();
    } catch (error) {
      throw new StepFailure(index, label, error);
    }
    const outcome = { index, label, durationMs: Date.now() - started };
    outcomes.push(outcome);
    onStep?.(outcome);
  };
  try {
    await timed(0, `start ⇒ ${stateLabel(path.start.value)}`, async () => {
      await flow.begin(run);
      await checkState(flow, run, path.start);
    });
    for (const [i, step] of path.steps.slice(0, stepCount).entries()) {
      const act = (flow.actions as Record<string, (r: Run, e: unknown) => Promise<void>>)[step.event.type]!;
      await timed(i + 1, `${eventLabel(step.event)} ⇒ ${stateLabel(step.state.value)}`, async () => {
        await act(run, step.event);
        await checkState(flow, run, step.state);
      });
    }
  } finally {
    await flow.end?.(run);
  }
  return outcomes;
}
