// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet, Dialog } from '../../../src/views/ui/dialog';
import { click, render, type Rendered } from './render';
import { act } from 'react';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('the dialog', () => {
  it('opens as a modal named by its title, and Escape (the cancel event) asks to close it', () => {
    const onClose = vi.fn();
    view = render(
      <Dialog open onClose={onClose} title="Shop notice">
        <p>Closed today</p>
      </Dialog>,
    );
    const dialog = view.container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    const titleId = dialog.getAttribute('aria-labelledby');
    expect(view.container.querySelector(`#${CSS.escape(titleId!)}`)?.textContent).toBe('Shop notice');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes when its owner says so', () => {
    view = render(
      <Dialog open onClose={() => undefined} title="Notice">
        <p>text</p>
      </Dialog>,
    );
    act(() =>
      view!.root.render(
        <Dialog open={false} onClose={() => undefined} title="Notice">
          <p>text</p>
        </Dialog>,
      ),
    );
    expect(view.container.querySelector('dialog')?.open).toBe(false);
  });
});

describe('the bottom sheet', () => {
  it('has a labelled close button and closes from the backdrop', () => {
    const onClose = vi.fn();
    view = render(
      <BottomSheet open onClose={onClose} title="Choose a size">
        <p>options</p>
      </BottomSheet>,
    );
    click(view.container.querySelector('button[aria-label="Close"]'));
    expect(onClose).toHaveBeenCalledTimes(1);
    click(view.container.querySelector('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
    click(view.container.querySelector('dialog p'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
