// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pullToRefreshMachine } from '../../../src/machines/shared/pull-to-refresh.machine';
import { selectPullState } from '../../../src/machines/shared/pull-to-refresh.selectors';
import { PullToRefresh } from '../../../src/views/ui/pull-to-refresh';
import { render, type Rendered } from './render';

function touch(target: Element, type: string, y?: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const touches = y === undefined ? [] : [{ clientY: y, clientX: 0, identifier: 0 }];
  Object.defineProperty(event, 'touches', { value: touches });
  act(() => {
    target.dispatchEvent(event);
  });
}

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('pull to refresh', () => {
  it('a long enough pull from the top refreshes, and the indicator says so', async () => {
    let refreshes = 0;
    let finish: () => void = () => undefined;
    const actor = createActor(
      pullToRefreshMachine.provide({
        actors: {
          refresh: fromPromise(
            () =>
              new Promise<void>((resolve) => {
                refreshes += 1;
                finish = resolve;
              }),
          ),
        },
      }),
      { input: { threshold: 60 } },
    ).start();
    view = render(
      <PullToRefresh actor={actor}>
        <p>content</p>
      </PullToRefresh>,
    );
    const area = view.container.firstElementChild!;
    touch(area, 'touchstart', 100);
    touch(area, 'touchmove', 180);
    expect(selectPullState(actor.getSnapshot())).toBe('pulling');
    expect(view.container.textContent).toContain('Pull to refresh');
    touch(area, 'touchmove', 400);
    expect(selectPullState(actor.getSnapshot())).toBe('reached');
    expect(view.container.textContent).toContain('Release to refresh');
    touch(area, 'touchend');
    expect(selectPullState(actor.getSnapshot())).toBe('refreshing');
    expect(view.container.textContent).toContain('Refreshing');
    expect(refreshes).toBe(1);
    await act(async () => finish());
    expect(selectPullState(actor.getSnapshot())).toBe('restoring');
    actor.stop();
  });

  it('a short pull is let go without refreshing', () => {
    let refreshes = 0;
    const actor = createActor(
      pullToRefreshMachine.provide({
        actors: {
          refresh: fromPromise<void, void>(async () => {
            refreshes += 1;
          }),
        },
      }),
      { input: { threshold: 60 } },
    ).start();
    view = render(
      <PullToRefresh actor={actor}>
        <p>content</p>
      </PullToRefresh>,
    );
    const area = view.container.firstElementChild!;
    touch(area, 'touchstart', 100);
    touch(area, 'touchmove', 130);
    touch(area, 'touchend');
    expect(selectPullState(actor.getSnapshot())).toBe('aborting');
    expect(refreshes).toBe(0);
    actor.stop();
  });
});
