// The generated QA paths in the suite: for each flow of qa/flows, the shortest path to each state of its
// model, replayed step by step through the flow's page mapping (the same as `npm run qa:replay`). Every
// transition of the models is walked in Vitest (tests/model); every path in `npm run qa:replay -- --all`.
import { startClock } from '../../qa/browser';
import { readEventLog, recordEvents } from '../../qa/events-log';
import { FLOWS } from '../../qa/flows';
import { generatePaths, shortestPathsToStates } from '../../qa/paths';
import { replayPath } from '../../qa/replay';
import { test } from './fixtures';

// A path opens the shop and fills a cart before its own steps begin.
test.describe.configure({ timeout: 60_000 });
// The flows run the page's clock themselves (qa/browser.ts startClock), as qa:replay does.
test.use({ fixedClock: false });

for (const flow of FLOWS) {
  const paths = generatePaths(flow.name, flow.model, flow.events);
  test.describe(`QA flow ${flow.name}`, () => {
    if (flow.serial) test.describe.configure({ mode: 'default' });
    for (const { path, steps } of shortestPathsToStates(paths)) {
      const events = path.steps.slice(0, steps).map((s) => s.event.type);
      // A replay that moves the server's clock runs with the other @clock scenarios, after all the rest.
      const tag = events.some((type) => flow.serverClockEvents?.includes(type)) ? ' @clock' : '';
      test(`${path.id} (${steps}/${path.steps.length} steps): ${events.join(' → ')}${tag}`, async ({
        page,
        context,
        baseURL,
      }, info) => {
        const log = await recordEvents(context);
        await startClock(page);
        try {
          await replayPath(flow, path, { page, baseURL: baseURL!, memory: new Map() }, { stepCount: steps });
        } catch (error) {
          await info.attach('events.json', {
            body: JSON.stringify(await readEventLog(page, log), null, 2),
            contentType: 'application/json',
          });
          throw error;
        }
      });
    }
  });
}
