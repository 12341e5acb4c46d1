// The red bag journey QA replays in Chromium (qa/models/expand-red-bag.model.ts), walked over every state and
// transition against the real expandRedBag machine: a fake server keeps one owner's bag and one friend,
// answers each read and claim as the model's event says, and a friend opening the link is a new page (a new
// actor) of a guest who logs in.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExpandRedBag } from '../../../src/domain/api/activity';
import {
  expandRedBagMachine,
  type ExpandClaimResult,
  type ExpandDetail,
  type ExpandRedBagEmitted,
  type ForwardClaimResult,
} from '../../../src/machines/coupon/expand-red-bag.machine';
import * as select from '../../../src/machines/coupon/expand-red-bag.selectors';
import {
  EXPAND_RED_BAG_EVENTS as EVENTS,
  expandRedBagJourneyModel as model,
} from '../../../qa/models/expand-red-bag.model';
import { coveragePaths, settle } from '../support';

const ACTIVITY = 9;
const RULES = {
  baseAmount: 300,
  levelOneReward: 100,
  levelTwoReward: 50,
  maxAmount: 1000,
  minSpend: 2000,
  texts: ['+S$1.00 a friend', '+S$0.50 second level', 'up to S$10.00', 'orders of S$20.00'],
};

type Viewer = 'owner' | 'friend';
type Pending<T> = { resolve(v: T): void; reject(e: Error): void; input: unknown };

/** The server's side: the owner's bag once received, the friend's once they helped. */
interface World {
  viewer: Viewer;
  loggedIn: boolean;
  ownerBag: number | null;
  helped: boolean;
}

const bag = (id: number, value: number, viewer: ExpandRedBag['viewer'], mine: boolean): ExpandRedBag => ({
  id,
  activityId: ACTIVITY,
  owner: '8123****99',
  mine,
  value,
  maxAmount: 1000,
  state: 'usable',
  helps: [],
  viewer,
  viewerBagId: viewer === 'helped' ? 72 : null,
});

const ownerValue = (w: World) => (w.helped ? 400 : 300);

/** activity/detail as the server answers the viewer of the link. */
function detailOf(w: World): ExpandDetail {
  let shown: ExpandRedBag | null = null;
  if (w.ownerBag !== null) {
    const viewer: ExpandRedBag['viewer'] = !w.loggedIn
      ? 'loginRequired'
      : w.viewer === 'owner'
        ? 'own'
        : w.helped
          ? 'helped'
          : 'help';
    shown = bag(w.ownerBag, ownerValue(w), viewer, w.viewer === 'owner');
  }
  return { name: 'Grow your red bag', coupons: [], expand: { rules: RULES, bag: shown } };
}

describe('expandRedBag journey (model-based, the QA replay model)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const world: World = { viewer: 'owner', loggedIn: false, ownerBag: null, helped: false };
      const loads: Pending<ExpandDetail>[] = [];
      const claims: Pending<ExpandClaimResult>[] = [];
      const emitted: ExpandRedBagEmitted[] = [];
      const pending = <T, I>(list: Pending<T>[]) =>
        fromPromise<T, I>(
          ({ input }) => new Promise<T>((resolve, reject) => list.push({ resolve, reject, input })),
        );
      const open = (fromId: number | null) => {
        const created = createActor(
          expandRedBagMachine.provide({
            actors: {
              loadDetail: pending<ExpandDetail, { id: number; fromRedBagID: number | null }>(loads),
              receiveBag: pending<
                ExpandClaimResult,
                { id: number; fromRedBagID: number | null; key: string }
              >(claims),
              claimForwarded: fromPromise<ForwardClaimResult, { id: number; key: string }>(async () => {
                throw new Error('a red bag link forwards nothing');
              }),
            },
          }),
          {
            input: {
              activityId: ACTIVITY,
              fromId,
              forwardKey: null,
              loggedIn: world.loggedIn,
              makeKey: () => `key-${world.viewer}`,
            },
          },
        );
        for (const type of ['bag.loginRequired', 'bag.seen', 'bag.owned'] as const)
          created.on(type, (event) => emitted.push(event));
        return created.start();
      };
      let actor = open(null);
      const snap = () => actor.getSnapshot();
      const answerDetail = async () => {
        loads.at(-1)!.resolve(detailOf(world));
        await settle();
      };
      /** The page sends the guest to the login, which comes back with the session's phone. */
      const logIn = async () => {
        const asked = emitted.length;
        actor.send({ type: 'bag.login' });
        expect(emitted.slice(asked)).toEqual([{ type: 'bag.loginRequired' }]);
        world.loggedIn = true;
        actor.send({ type: 'bag.loggedIn' });
        await settle();
      };

      await path.run({
        states: {
          loading: () => {
            expect(select.selectScreen(snap())).toBe('loading');
            expect(loads.at(-1)!.input).toEqual({ id: ACTIVITY, fromRedBagID: snap().context.fromId });
          },
          failed: () => {
            expect(select.selectScreen(snap())).toBe('failed');
            expect(select.selectError(snap())).toEqual(expect.any(String));
          },
          loginRequired: () => {
            expect(select.selectScreen(snap())).toBe('loginRequired');
            expect(select.selectRules(snap())).toEqual(RULES);
          },
          receive: () => {
            expect(select.selectScreen(snap())).toBe('receive');
            expect(select.selectBag(snap())).toBeNull();
          },
          'own.idle': () => {
            expect(select.selectScreen(snap())).toBe('own');
            expect(select.selectIsSharing(snap())).toBe(false);
            expect(select.selectBag(snap())).toEqual(
              expect.objectContaining({ id: world.ownerBag, value: 300 }),
            );
            expect(emitted).toContainEqual({
              type: 'bag.owned',
              activityId: ACTIVITY,
              bagId: world.ownerBag,
            });
          },
          'own.sharing': () => {
            expect(select.selectIsSharing(snap())).toBe(true);
            expect(select.selectShareQuery(snap())).toEqual(
              expect.objectContaining({ id: ACTIVITY, from: world.ownerBag }),
            );
          },
          help: () => {
            expect(select.selectScreen(snap())).toBe('help');
            expect(select.selectBag(snap())).toEqual(
              expect.objectContaining({ id: world.ownerBag, value: 300 }),
            );
          },
          thanked: () => {
            expect(select.selectScreen(snap())).toBe('thanked');
            expect(select.selectBag(snap())?.value).toBe(400);
            expect(select.selectOwnBag(snap())?.value).toBe(300);
          },
          helped: () => {
            expect(select.selectScreen(snap())).toBe('helped');
            expect(select.selectBag(snap())?.value).toBe(400);
          },
        },
        events: {
          DETAIL_OK: answerDetail,
          DETAIL_FAIL: async () => {
            loads.at(-1)!.reject(new Error('http.networkError'));
            await settle();
          },
          RETRY: async () => {
            actor.send({ type: 'bag.retry' });
            await settle();
          },
          LOG_IN: logIn,
          GET_BAG: async () => {
            actor.send({ type: 'bag.claim' });
            await settle();
            expect(claims.at(-1)!.input).toEqual({ id: ACTIVITY, fromRedBagID: null, key: 'key-owner' });
            world.ownerBag = 70;
            claims.at(-1)!.resolve({ bag: bag(70, 300, 'own', true), helped: null });
            await settle();
          },
          SHARE: () => actor.send({ type: 'bag.share' }),
          CLOSE_SHARE: () => actor.send({ type: 'bag.closeShare' }),
          REFRESH: async () => {
            actor.send({ type: 'bag.refresh' });
            await settle();
            expect(select.selectIsRefreshing(snap())).toBe(true);
            await answerDetail();
          },
          FRIEND_OPENS: async () => {
            actor.stop();
            world.viewer = 'friend';
            world.loggedIn = false;
            actor = open(world.ownerBag);
            await settle();
            await answerDetail();
            expect(select.selectScreen(snap())).toBe('loginRequired');
            await logIn();
            await answerDetail();
          },
          HELP: async () => {
            actor.send({ type: 'bag.claim' });
            await settle();
            expect(claims.at(-1)!.input).toEqual({
              id: ACTIVITY,
              fromRedBagID: world.ownerBag,
              key: 'key-friend',
            });
            world.helped = true;
            claims.at(-1)!.resolve({ bag: bag(72, 300, 'own', true), helped: bag(70, 400, 'helped', false) });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});
