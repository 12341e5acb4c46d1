// The browser QA replays in: Debian's Chromium as the e2e suite runs it (playwright.config.ts), a phone
// screen, Chinese, Shanghai time, and the suite's fixed clock at which every demo shop is open.
import { devices, type BrowserContextOptions, type LaunchOptions, type Page } from '@playwright/test';

/** Thursday 18:00 in Shanghai, as tests/e2e/fixtures.ts SHOPS_OPEN; the server's CLOCK_START agrees. */
export const SHOPS_OPEN = new Date('2026-11-19T10:00:00Z');

/** Debian's Chromium in a container: no sandbox, no GPU, nothing running in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchOptions = (headed = false, slowMo = 0): LaunchOptions => ({
  executablePath: chromiumPath(),
  headless: !headed,
  slowMo,
  args: CHROMIUM_ARGS,
});

export const contextOptions = (baseURL: string): BrowserContextOptions => ({
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  serviceWorkers: 'block',
  baseURL,
});

/**
 * The page's clock starts at SHOPS_OPEN and runs; a step that needs time (a countdown, the wait for a
 * payment's result) moves it with `page.clock.runFor` instead of waiting.
 */
export async function startClock(page: Page) {
  await page.clock.install({ time: SHOPS_OPEN });
}
