// Every tap target of the ordering pages is at least 44 × 44 CSS px (issue 11, decision U36): the menu, the
// product's choice sheet and page, the cart sheet, /order/confirm, the orders tab and the "my" page, as a
// new customer meets them on a 390 × 844 phone. The tab bar is 50 px high (spec §2).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const MIN = 44;

/**
 * The controls on the page (or inside `scope`) smaller than 44 × 44, as "where: element "name" W×H".
 *
 * A control's hit area is its box joined with its absolutely positioned ::before/::after boxes: a tap on
 * a pseudo-element reaches its element, so a control that must look small may grow its hit area that way
 * (a card's link covers the card with its ::after). A checkbox or radio is reached through its labels, so
 * its labels are measured instead of the (often visually hidden) input.
 *
 * Left out, each for a stated reason:
 * - elements not rendered (display none, visibility hidden, a collapsed subtree) or with an empty box;
 * - visually hidden elements (clipped to nothing): not a target at all, the skip link until focused;
 * - links inside running text (an inline <a> in a paragraph with other words), which WCAG 2.5.8 exempts
 *   ("Inline: the target is in a sentence"). Only such links: a link alone in its block is measured.
 */
async function smallTargets(page: Page, where: string, scope?: Locator): Promise<string[]> {
  const root = scope ? await scope.elementHandle() : null;
  return page.evaluate(
    ({ where, min, root }) => {
      const base: ParentNode = root ?? document;
      type Box = { left: number; top: number; right: number; bottom: number };

      const rendered = (el: Element) =>
        el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });

      const clippedAway = (el: Element) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
        }
        return false;
      };

      const inRunningText = (el: Element) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        const paragraph = el.parentElement?.closest('p');
        if (!paragraph) return false;
        const words = [...paragraph.childNodes]
          .filter((n) => n !== el && !n.contains(el))
          .map((n) => n.textContent ?? '')
          .join('');
        return words.trim() !== '';
      };

      /** The padding box of an absolutely positioned box's containing block. */
      const containingBlock = (el: Element): Box => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.position !== 'static' || style.transform !== 'none' || style.contain.includes('paint')) {
            const r = node.getBoundingClientRect();
            const left = r.left + parseFloat(style.borderLeftWidth);
            const top = r.top + parseFloat(style.borderTopWidth);
            return {
              left,
              top,
              right: r.right - parseFloat(style.borderRightWidth),
              bottom: r.bottom - parseFloat(style.borderBottomWidth),
            };
          }
        }
        return { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      };

      /** The box of an absolutely positioned ::before/::after, or null. */
      const pseudoBox = (el: Element, which: '::before' | '::after'): Box | null => {
        const style = getComputedStyle(el, which);
        if (style.content === 'none' || style.display === 'none') return null;
        if (style.position !== 'absolute' && style.position !== 'fixed') return null;
        const width = parseFloat(style.width);
        const height = parseFloat(style.height);
        if (!(width > 0 && height > 0)) return null;
        const cb: Box =
          style.position === 'fixed'
            ? { left: 0, top: 0, right: innerWidth, bottom: innerHeight }
            : containingBlock(el);
        const left = cb.left + parseFloat(style.left) + parseFloat(style.marginLeft);
        const top = cb.top + parseFloat(style.top) + parseFloat(style.marginTop);
        return { left, top, right: left + width, bottom: top + height };
      };

      const hitArea = (el: Element): Box => {
        const r = el.getBoundingClientRect();
        const boxes = [
          { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
          pseudoBox(el, '::before'),
          pseudoBox(el, '::after'),
        ].filter((b): b is Box => b !== null);
        return {
          left: Math.min(...boxes.map((b) => b.left)),
          top: Math.min(...boxes.map((b) => b.top)),
          right: Math.max(...boxes.map((b) => b.right)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
        };
      };

      const describe = (el: Element) => {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        const cls = el.classList[0] ? `.${el.classList[0]}` : '';
        return `${el.tagName.toLowerCase()}${cls} "${name.slice(0, 40)}"`;
      };

      // Each target once: a label stands for its checkbox or radio.
      const targets = new Set<Element>();
      for (const el of base.querySelectorAll('button, a[href], [role="button"], select, summary'))
        targets.add(el);
      for (const input of base.querySelectorAll<HTMLInputElement>(
        'input[type="checkbox"], input[type="radio"]',
      )) {
        const labels = [...(input.labels ?? [])];
        if (labels.length === 0) targets.add(input);
        for (const label of labels) targets.add(label);
      }

      const small: string[] = [];
      for (const el of targets) {
        const r = el.getBoundingClientRect();
        if (!rendered(el) || r.width === 0 || r.height === 0) continue;
        if (clippedAway(el) || inRunningText(el)) continue;
        const area = hitArea(el);
        const width = Math.round((area.right - area.left) * 10) / 10;
        const height = Math.round((area.bottom - area.top) * 10) / 10;
        // Half a pixel of layout rounding is not a smaller target.
        if (width < min - 0.5 || height < min - 0.5)
          small.push(`${where}: ${describe(el)} ${width}×${height}`);
      }
      return small;
    },
    { where, min: MIN, root },
  );
}

test.describe.configure({ timeout: 90_000 });

test('every tap target of the ordering pages is at least 44 × 44 CSS px', async ({ app, page }) => {
  const small: string[] = [];
  const products = page.locator('[data-product-id]');
  const cartBar = page.getByTestId('cart-bar');

  // Linen & Loom: takeaway without a minimum or a must-pick category, a plain product and one with choices.
  await app.open('/', { id: 3 });
  await expect(app.tabBar).toBeVisible();
  // Spec §2: the tab bar is 50 px high (no safe-area inset in this browser).
  expect(await app.tabBar.evaluate((el) => el.getBoundingClientRect().height)).toBe(50);
  small.push(...(await smallTargets(page, 'home tab bar', app.tabBar)));

  await page.locator('a[data-tab="selection"]').click();
  await expect(products.first()).toBeVisible();
  small.push(...(await smallTargets(page, 'menu')));

  // A product with sizes opens its choices in a sheet over the menu.
  const shirt = products.filter({ hasText: /宽松亚麻衬衫|Relaxed Linen Shirt/ });
  await shirt.locator('button[aria-haspopup="dialog"]').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.locator('fieldset label').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'product sheet', sheet)));
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The same product's own page.
  await shirt.getByRole('link').first().click();
  await app.expectRoute('/product/detail');
  await expect(page.getByTestId('total-price')).toBeVisible();
  await expect(page.locator('fieldset label').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'product detail')));
  await page.goBack();
  await expect(products.first()).toBeVisible();

  // A plain product adds with one tap; the card then shows its − count + stepper.
  const tote = products.filter({ hasText: /帆布托特包|Canvas Tote Bag/ });
  await tote.getByRole('button', { name: /再加一份|One more/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  small.push(...(await smallTargets(page, 'menu with a cart')));

  await cartBar.getByRole('button', { name: /打开购物车|Open the cart/ }).click();
  const cartSheet = page.getByRole('dialog', { name: /已选商品|Your order/ });
  await expect(cartSheet.getByTestId('cart-line')).toHaveCount(1);
  small.push(...(await smallTargets(page, 'cart sheet', cartSheet)));
  small.push(...(await smallTargets(page, 'cart bar', cartBar)));
  await page.keyboard.press('Escape');
  await expect(cartSheet).toBeHidden();

  await page.getByTestId('cart-confirm').click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByRole('button', { name: /提交订单|Place order/ })).toBeVisible();
  small.push(...(await smallTargets(page, 'confirm')));

  await app.open('/pages/user/order/list');
  await expect(page.locator('[role="group"] button[aria-pressed]').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'order list')));

  await app.open('/pages/user/center');
  await expect(page.getByRole('radio').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'me')));

  expect(small).toEqual([]);
});

test('every tap target of the appointment pages is at least 44 × 44 CSS px', async ({ app, page }) => {
  const small: string[] = [];
  // The beauty studio: its services, a gel manicure's technicians and times, the held time, the orders tab.
  await app.open('/', { id: 5 });
  await expect(page.locator('li[data-service-id]').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'services')));

  await page.getByRole('button', { name: /^(预约凝胶美甲|Book Gel Manicure)$/ }).click();
  await expect(page.locator('input[name="time"]').first()).toBeVisible();
  small.push(...(await smallTargets(page, 'times')));
  // A week ahead, so the orders tab offers to change it.
  await page.locator('input#date-2026-11-27').check();
  await page.locator('input[name="time"]').first().check();
  await page.getByRole('button', { name: /^(下一步|Continue)$/ }).click();
  await expect(page.getByTestId('hold')).toBeVisible();
  small.push(...(await smallTargets(page, 'appointment confirm')));
  await page.getByRole('radio', { name: /到店付款|Pay at the counter/ }).check();
  await page.getByRole('button', { name: /^(确认预约|Book)$/ }).click();
  await app.expectRoute('/order/success');

  await app.open('/pages/user/order/list');
  const upcoming = page.getByTestId('upcoming-appointments');
  await expect(upcoming.getByRole('button', { name: /^(取消|Cancel)$/ }).first()).toBeVisible();
  small.push(...(await smallTargets(page, 'orders with appointments')));
  await upcoming
    .getByRole('button', { name: /^(取消|Cancel)$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  small.push(...(await smallTargets(page, 'cancel dialog', dialog)));

  expect(small).toEqual([]);
});
