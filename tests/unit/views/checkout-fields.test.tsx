// @vitest-environment happy-dom
// The confirm page's time sheet and tableware stepper: what they offer, in what order, and what a tap sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TablewareField, TimeField } from '../../../src/views/order/checkout-fields';
import { click, render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const buttons = (root: ParentNode) => [...root.querySelectorAll('button')];
const byText = (root: ParentNode, text: string) => buttons(root).find((b) => b.textContent === text);

describe('the time field', () => {
  const groups = [
    { label: 'Today', slots: [{ value: '2026-03-02 12:15', time: '12:15' }] },
    { label: 'Tomorrow', slots: [{ value: '2026-03-03 09:00', time: '09:00' }] },
  ];

  it('opens a sheet with "as soon as possible" first, then the times under their day', () => {
    const onAsap = vi.fn();
    const onChoose = vi.fn();
    view = render(
      <TimeField
        field="deliveryTime"
        label="Delivery time"
        chosen={null}
        chosenValue={null}
        asap={{ label: 'As soon as possible (about 12:15)', chosen: false }}
        groups={groups}
        onAsap={onAsap}
        onChoose={onChoose}
        error={null}
      />,
    );
    const field = view.container.querySelector('#field-deliveryTime')!;
    expect(field.tagName).toBe('BUTTON');
    expect(field.textContent).toBe('Choose a time');
    expect(view.container.querySelector('label')!.getAttribute('for')).toBe('field-deliveryTime');
    click(field);
    const sheet = view.container.querySelector('dialog')!;
    const choices = buttons(sheet).filter((b) => !b.hasAttribute('aria-label'));
    expect(choices.map((b) => b.textContent)).toEqual([
      'As soon as possible (about 12:15)',
      '12:15',
      '09:00',
    ]);
    expect([...sheet.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Today', 'Tomorrow']);
    click(byText(sheet, '09:00')!);
    expect(onChoose).toHaveBeenCalledWith('2026-03-03 09:00');
    click(field);
    click(byText(view.container.querySelector('dialog')!, 'As soon as possible (about 12:15)')!);
    expect(onAsap).toHaveBeenCalledOnce();
  });
});

describe('the tableware field', () => {
  it('declines cutlery, gives the sets back, and steps within 0 and the maximum', () => {
    const onSets = vi.fn();
    const field = (sets: number) => (
      <TablewareField sets={sets} max={99} fee="¥1.00" restore={3} onSets={onSets} error={null} />
    );
    view = render(field(2));
    expect(view.container.textContent).toContain('2 sets');
    expect(view.container.textContent).toContain('¥1.00 per set');
    click(byText(view.container, 'No cutlery')!);
    expect(onSets).toHaveBeenLastCalledWith(0);
    click(view.container.querySelector('[aria-label="One set more"]'));
    expect(onSets).toHaveBeenLastCalledWith(3);
    view.unmount();

    view = render(field(0));
    expect(byText(view.container, 'No cutlery')!.getAttribute('aria-pressed')).toBe('true');
    expect((view.container.querySelector('[aria-label="One set fewer"]') as HTMLButtonElement).disabled).toBe(
      true,
    );
    click(byText(view.container, 'No cutlery')!);
    expect(onSets).toHaveBeenLastCalledWith(3);
  });
});
