// The open-table pages as the tests and QA replays drive them: the claypot house's table codes (written by
// `npm run table-codes` before the e2e server starts), the table page's open/join form, the tab, the bill, and
// the kitchen's moves through `npm run merchant -- table …`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

export const CLAYPOT = 2;

/** The code printed on a table of the claypot house, from the sheet `npm run table-codes` wrote. */
export function tableCode(name: string): string {
  const sheet = readFileSync(resolve(process.cwd(), `table-codes/shop-${CLAYPOT}/index.html`), 'utf8');
  for (const match of sheet.matchAll(/<strong>([^<]*)<\/strong>[\s\S]*?<small>([^<]*)<\/small>/g))
    if (match[1] === name)
      return new URL(match[2]!.replaceAll('&amp;', '&').replace('/#/', '/')).searchParams.get('table')!;
  throw new Error(`No table ${name} on the claypot house's code sheet: run npm run table-codes first.`);
}

/** `npm run merchant -- table <action> <id>` as the claypot house, against the server under test. */
export function kitchen(baseURL: string, action: string, id: number, reason?: string): Promise<string> {
  const args = ['run', '--silent', 'merchant', '--', 'table', action, String(id)];
  if (reason) args.push('--reason', reason);
  return new Promise((done, fail) => {
    const child = spawn('npm', args, {
      env: { ...process.env, MERCHANT_KEY: `demo-merchant-${CLAYPOT}`, MERCHANT_URL: baseURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done(output) : fail(new Error(`merchant table ${action} ${id}: ${output}`)),
    );
  });
}

export class OpenTablePages extends App {
  /** Scans the table's code: the entry link of an open-table table. */
  async scan(code: string) {
    await this.open('/', { id: CLAYPOT, table: code, source_type: 'openTable' });
  }

  get person(): Locator {
    return this.page.locator('#join-person');
  }

  get nickName(): Locator {
    return this.page.locator('#join-name');
  }

  get submit(): Locator {
    return this.page.getByTestId('join-submit');
  }

  /** Opens the idle table with a headcount, or joins its live tab (`null`: a joining guest names none). */
  async join(person: number | null, name: string) {
    if (person === null) await expect(this.person).toHaveCount(0);
    else await this.person.fill(String(person));
    await this.nickName.fill(name);
    await this.submit.click();
    await this.expectRoute('/order/order');
  }

  tabId(): number {
    return Number(new URL(this.page.url().replace('/#/', '/')).searchParams.get('id'));
  }

  get rounds(): Locator {
    return this.page.getByTestId('tab-round');
  }

  line(name: string | RegExp): Locator {
    return this.page.getByTestId('tab-line').filter({ hasText: name });
  }

  stateOf(name: string | RegExp): Locator {
    return this.line(name).getByTestId('line-state');
  }

  async roundIds(): Promise<number[]> {
    return await this.rounds.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-round'))));
  }

  async lineId(name: string | RegExp): Promise<number> {
    return Number(await this.line(name).first().getAttribute('data-line'));
  }

  get timer(): Locator {
    return this.page.getByTestId('tab-timer');
  }

  get fee(): Locator {
    return this.page.getByTestId('tab-fee');
  }

  get total(): Locator {
    return this.page.getByTestId('tab-total');
  }

  get parts(): Locator {
    return this.page.getByTestId('bill-part');
  }

  /** The "Ask for the bill" sheet. */
  get splitSheet(): Locator {
    return this.page.getByRole('dialog', { name: /^(怎么付款？|How will you pay\?)$/ });
  }

  /** "Your price" under "pay all": the member price, the coupons, what the guest pays for the whole bill. */
  get payAllPrice(): Locator {
    return this.splitSheet.getByTestId('split-price');
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** The timer's seconds, read off "h:mm:ss". */
  async timerSeconds(): Promise<number> {
    const [h, m, s] = ((await this.timer.textContent()) ?? '0:00:00').split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  }

  async expectLive() {
    await expect(this.page.getByTestId('tab-live')).toHaveAttribute('data-mode', 'live');
  }
}

export async function screenOf(page: Page, name: string) {
  await page.screenshot({ path: `test-results/open-table/${name}.png` });
}
