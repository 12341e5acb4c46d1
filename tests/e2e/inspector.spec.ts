// The offline flow inspector (/inspect/, docs/flows.md "Inspecting"): an app page opened with `?inspect`
// shows its actors there, each machine drawn from its definition with the live state marked, personal data
// masked, and an event typed there reaches the app's actor.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

class InspectorPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/inspect/');
    await expect(this.page.getByRole('heading', { name: 'Flow inspector', level: 1 })).toBeVisible();
  }

  actor(name: string): Locator {
    return this.page
      .getByRole('navigation', { name: 'Actors' })
      .getByRole('button', { name: new RegExp(`^${name}`) });
  }

  get diagram(): Locator {
    return this.page.getByRole('figure', { name: /^Statechart of / });
  }

  get activeStates(): Locator {
    return this.page.getByTestId('active-states');
  }

  /** The drawn shape of a state (toMermaid's id), once the live state has been marked on it. */
  activeShape(mermaidId: string): Locator {
    return this.diagram.locator(
      `g.is-active[id*="-state-${mermaidId}-"], g.is-active[data-id="${mermaidId}"]`,
    );
  }

  get context(): Locator {
    return this.page.getByRole('region', { name: 'Context' });
  }

  async send(type: string, payload: object = {}) {
    await this.page.getByLabel('Event type').fill(type);
    await this.page.getByLabel('Payload (JSON object)').fill(JSON.stringify(payload));
    await this.page.getByRole('button', { name: /^Send to / }).click();
    const form = this.page.getByRole('form', { name: /^Send an event to / });
    await expect(form.getByRole('status')).toHaveText('Sent.');
  }
}

test('the inspector draws the login flow, follows it live, masks the phone and sends an event back', async ({
  app,
  login,
  context,
}) => {
  // Two pages, and the inspector loads and lays out Mermaid diagrams: more than one page's time.
  test.setTimeout(60_000);
  const violations: string[] = [];
  const inspectorTab = await context.newPage();
  inspectorTab.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
  const inspector = new InspectorPage(inspectorTab);
  await inspector.open();

  // The login asks for a shop's session first; the hash change keeps the page, and `?inspect` with it.
  await app.open('/', { id: 3, inspect: '' });
  await app.expectRoute('/pages/user/index-tab');
  await app.open('/pages/user/login');
  await expect(login.phone).toBeVisible();
  await expect(inspector.actor('session')).toBeVisible();
  await inspector.actor('smsLogin').click();
  await expect(inspector.diagram.locator('svg')).toBeVisible();
  await expect(inspector.activeStates).toHaveText('smsLogin.editing');
  await expect(inspector.activeShape('editing')).toHaveCount(1);

  await login.phone.fill('13900139000');
  await login.sendCode.click();
  await expect(login.demoCode).toBeVisible();
  await expect(inspector.activeStates).toContainText('smsLogin.codeEntry.countdown.counting');
  await expect(inspector.activeShape('codeEntry_input_typing')).toHaveCount(1);
  await expect(inspector.activeShape('editing')).toHaveCount(0);
  await expect(inspector.context).toContainText('139••••9000');
  await expect(inspector.context).not.toContainText('13900139000');
  await expect(inspectorTab.getByRole('table')).toContainText('sms.send');

  // An event typed in the inspector reaches the app's actor: back to the phone step.
  await inspector.send('sms.editPhone');
  await expect(inspector.activeStates).toHaveText('smsLogin.editing');
  await expect(login.sendCode).toBeEnabled();
  expect(violations).toEqual([]);
});
