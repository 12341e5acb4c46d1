// Holds a page's calls to one API action until a model event says how the server answers: the way a
// model's "loading" state stays on the screen long enough to be checked, and its "the call failed" event
// happens for real in the browser.
import type { Page, Route } from '@playwright/test';

export class NetworkGate {
  private held: Route[] = [];
  private armed = false;
  private waiters: (() => void)[] = [];

  private constructor(private readonly page: Page) {}

  /** Gates POST /new/consumer/<action>; calls pass untouched until the gate is armed. */
  static async on(page: Page, action: string): Promise<NetworkGate> {
    const gate = new NetworkGate(page);
    await page.route(`**/new/consumer/${action}`, async (route) => {
      if (!gate.armed) return route.fallback();
      gate.held.push(route);
      gate.waiters.splice(0).forEach((wake) => wake());
    });
    return gate;
  }

  /** Holds the next calls until `release` or `fail`. */
  arm() {
    this.armed = true;
  }

  private async heldCalls(): Promise<Route[]> {
    if (this.held.length === 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.waiters.push(resolve)),
        this.page.waitForTimeout(10_000).then(() => {
          throw new Error('the page made no call for the gate to answer');
        }),
      ]);
    }
    this.armed = false;
    return this.held.splice(0);
  }

  /** Lets the held calls through to the server. */
  async release() {
    for (const route of await this.heldCalls()) await route.fallback();
  }

  /** Answers the held calls with a business refusal, as the server words it (nothing reaches the server). */
  async refuse(info: object, message: string) {
    for (const route of await this.heldCalls())
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ result: false, info, message }),
      });
  }

  /** Fails the held calls as a dropped connection would. */
  async fail() {
    for (const route of await this.heldCalls()) await route.abort('connectionreset');
  }
}

/** Answers the page's next call to an action with a business refusal, as the server words it. */
export async function refuseNextCall(page: Page, action: string, info: object, message: string) {
  await page.route(
    `**/new/consumer/${action}`,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ result: false, info, message }),
      }),
    { times: 1 },
  );
}

/** Drops the page's next call to an action as a lost connection would; later calls reach the server. */
export async function dropNextCall(page: Page, action: string) {
  await page.route(`**/new/consumer/${action}`, (route) => route.abort('connectionreset'), { times: 1 });
}

/** Answers the page's next call to an action with an HTTP error status and the server's envelope. */
export async function answerNextCallWithStatus(page: Page, action: string, status: number, message: string) {
  await page.route(
    `**/new/consumer/${action}`,
    (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ result: false, info: null, message }),
      }),
    { times: 1 },
  );
}
