// @vitest-environment happy-dom
// The entry page's splash waits 200 ms (spec §9, decision K53): an entry whose reads are already answered
// routes on without drawing it; a slow one shows it; a failure shows at once.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryView } from '../../../src/views/entry/entry-view';
import { render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

describe('the entry splash', () => {
  it('shows only once the entry has taken 200 ms', () => {
    vi.useFakeTimers();
    view = render(<EntryView error={null} canRetry={false} onRetry={() => undefined} />);
    expect(view.container.textContent).not.toContain('Opening the shop…');
    act(() => vi.advanceTimersByTime(199));
    expect(view.container.textContent).not.toContain('Opening the shop…');
    act(() => vi.advanceTimersByTime(1));
    expect(view.container.textContent).toContain('Opening the shop…');
  });

  it('says what went wrong at once', () => {
    view = render(<EntryView error="This shop does not exist." canRetry onRetry={() => undefined} />);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(
      'This shop does not exist.',
    );
  });
});
