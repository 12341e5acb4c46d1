// Playwright's expect as the e2e suite configures it (playwright.config.ts: 10 s). Outside the test runner
// `qa:replay` would otherwise wait 5 s, too little on a busy two-core machine.
import { expect as playwrightExpect } from '@playwright/test';

export const expect = playwrightExpect.configure({ timeout: 10_000 });
