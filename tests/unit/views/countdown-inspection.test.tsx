// @vitest-environment happy-dom
// The unpaid countdown is started by its view, not by a page flow: with the app's inspector observer in
// context its actor reports to the inspector like every flow; without one it reports to nobody.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActor, InspectionEvent } from 'xstate';
import { UnpaidCountdown } from '../../../src/views/order/countdown';
import { InspectionContext } from '../../../src/views/ui/inspection';
import { render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const deadline = () => new Date(Date.now() + 90_000).toISOString();
const machineIdOf = (event: InspectionEvent) => (event.actorRef as AnyActor).logic.id as string;

describe('the unpaid countdown under the inspector', () => {
  it("reports its actor, its snapshots and its events to the app's observer", () => {
    const seen: InspectionEvent[] = [];
    view = render(
      <InspectionContext value={(event) => seen.push(event)}>
        <UnpaidCountdown deadline={deadline()} />
      </InspectionContext>,
    );
    const mine = seen.filter((e) => machineIdOf(e) === 'unpaidCountdown');
    expect(mine.some((e) => e.type === '@xstate.actor')).toBe(true);
    const snapshots = mine.filter((e) => e.type === '@xstate.snapshot');
    expect(snapshots.at(-1)?.snapshot).toMatchObject({ value: 'running' });
  });

  it('runs without an observer', () => {
    view = render(<UnpaidCountdown deadline={deadline()} />);
    expect(view.container.querySelector('[data-testid="countdown"]')?.textContent).toBe('01:30');
  });
});
