// Property test over every way in: each consumer action the built app registered (actionsOf), the merchant
// API, the live-status stream and the gateway notifications get bodies whose strings carry NUL, other C0
// controls and lone surrogates, and bodies of odd but allowed text shaped after the action's own zod schema
// (so they pass validation and reach the handler and the database), with and without a valid token.
// Whatever arrives, no reply is a 5xx; whatever holds a forbidden character is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { merchantKeys } from '../../../server/db/schema';
import { actionsOf } from '../../../server/http/action';
import { findForbiddenText } from '../../../server/http/input-text';
import { hashMerchantKey } from '../../../server/modules/merchant/merchant-keys';
import { apiPath } from '../../../src/domain/api/envelope';
import {
  MERCHANT_ACTIONS,
  MERCHANT_API_BASE,
  merchantActionInput,
  merchantOrdersInput,
} from '../../../src/domain/api/order-life';
import type { SessionInfo } from '../../../src/domain/api/user';
import { testDatabases, useTestApp } from '../helpers';

const MERCHANT_KEY = 'mk_input_fuzz_test_key';
const SEED = 20_260_302;

const C0_REFUSED = [...Array(32).keys()].filter((code) => ![9, 10, 13].includes(code));
const forbiddenChar = fc.oneof(
  fc.constantFrom(...C0_REFUSED).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);
/** A string with at least one character no field accepts. */
const badString = fc
  .tuple(fc.string({ maxLength: 6 }), forbiddenChar, fc.string({ maxLength: 6 }))
  .map(([before, bad, after]) => before + bad + after);
/** Allowed but unusual text: tabs, line breaks, DEL, C1 controls, non-characters, astral code points. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('\t', '\r\n', '\u007f', '\u0085', '\u009f', '\ufffe', '\uffff', '😀', 'é\u0301', ' '),
);

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Bodies shaped after `schema`: every string position gets `text`, numbers, booleans and enums get values
 * of their type, so a body can pass validation when its text is allowed.
 */
function shaped(schema: z.ZodType, text: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return text;
  const inner = (child: z.ZodType) => shaped(child, text, depth + 1);
  switch (def.type) {
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, inner(v)])));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType!);
    case 'pipe':
      return inner(def.in!);
    case 'lazy':
      return inner(def.getter!());
    case 'array':
      return fc.array(inner(def.element!), { minLength: 1, maxLength: 2 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'record':
      return fc.dictionary(text, inner(def.valueType!), { minKeys: 1, maxKeys: 2 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'number':
      return fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constant(1));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    default:
      return text;
  }
}

/** Any JSON object whose values and keys may hold forbidden characters. */
const looseBody = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), badString),
  fc.oneof(
    badString,
    fc.integer(),
    fc.array(badString, { maxLength: 2 }),
    fc.dictionary(badString, badString),
  ),
  { minKeys: 1, maxKeys: 4 },
);

interface Target {
  url: string;
  schema: z.ZodType;
  /** The status of a refused body with valid credentials: 200 for actions, 400 for the merchant API. */
  refusal: number;
  merchant: boolean;
}

describe.each(testDatabases)('no input makes a 5xx, on %s', (kind) => {
  const t = useTestApp(kind, { demoMode: true });

  it('every action and merchant call refuses forbidden text and survives odd text', async () => {
    await t.database.db.insert(merchantKeys).values({ shopId: 1, keyHash: hashMerchantKey(MERCHANT_KEY) });
    const enter = async () => (await t.call<SessionInfo>('user/h5entry', { id: 1 })).body.info.token;
    let token = await enter();
    const targets: Target[] = [
      ...actionsOf(t.app).map((action) => ({
        url: apiPath(action.area, action.action),
        schema: action.input,
        refusal: 200,
        merchant: false,
      })),
      { url: `${MERCHANT_API_BASE}/orders`, schema: merchantOrdersInput, refusal: 400, merchant: true },
      ...MERCHANT_ACTIONS.map((action) => ({
        url: `${MERCHANT_API_BASE}/${action}`,
        schema: merchantActionInput,
        refusal: 400,
        merchant: true,
      })),
    ];
    // Every action of the built app is here: a route file added later is fuzzed without editing this test.
    expect(targets.length).toBeGreaterThan(50);
    for (const target of targets) expect(t.app.hasRoute({ method: 'POST', url: target.url })).toBe(true);

    const send = async (target: Target, body: unknown, authorised: boolean) => {
      const credentials = target.merchant
        ? { authorization: `Bearer ${authorised ? MERCHANT_KEY : 'mk_nobody'}` }
        : authorised
          ? { token }
          : {};
      const reply = await t.inject({
        method: 'POST',
        url: target.url,
        headers: { 'content-type': 'application/json', language: 'en', ...credentials },
        payload: JSON.stringify(body),
      });
      // user/logout ends the session the rest of the run uses.
      if (authorised && target.url === apiPath('user', 'logout')) token = await enter();
      const context = `${target.url} ${authorised ? 'with' : 'without'} credentials: ${JSON.stringify(body)}`;
      expect(reply.statusCode, `${context} → ${reply.body}`).toBeLessThan(500);
      const forbidden = findForbiddenText(body) !== null;
      // A refused credential (401) or a stopped shop (403) answers before the body is read.
      if (forbidden && reply.statusCode !== 401 && reply.statusCode !== 403) {
        expect(reply.statusCode, context).toBe(target.refusal);
        expect(reply.json().result, context).toBe(false);
      }
    };

    // Each call once with every string position holding a NUL.
    for (const target of targets) {
      const [nulBody] = fc.sample(shaped(target.schema, fc.constant('x\u0000')), { numRuns: 1, seed: SEED });
      for (const authorised of [true, false]) await send(target, nulBody, authorised);
    }

    const property = fc.asyncProperty(
      fc.constantFrom(...targets).chain((target) =>
        fc.record({
          target: fc.constant(target),
          authorised: fc.boolean(),
          body: fc.oneof(
            shaped(target.schema, fc.oneof(badString, oddString)),
            shaped(target.schema, oddString),
            looseBody,
          ),
        }),
      ),
      async ({ target, authorised, body }) => send(target, body, authorised),
    );
    await fc.assert(property, { numRuns: 1200, seed: SEED });
  }, 60_000);

  // Found by the property above: a session's stream tickets held a foreign key that stopped its deletion.
  it('a session that asked for a live-status ticket can log out', async () => {
    const token = (await t.call<SessionInfo>('user/h5entry', { id: 1 })).body.info.token;
    expect((await t.call('order/eventsTicket', {}, { token })).body.result).toBe(true);
    const out = await t.call('user/logout', {}, { token });
    expect(out.status).toBe(200);
    expect(out.body.result).toBe(true);
  });

  it('the live-status stream and the notify endpoints survive forbidden text', async () => {
    const query = fc.record({
      ticket: fc.oneof(badString, oddString),
      lastEventId: fc.oneof(badString, oddString),
    });
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const reply = await t.inject({ method: 'GET', url: apiPath('order', 'events'), query: params });
        expect(reply.statusCode, JSON.stringify(params)).toBeLessThan(500);
        expect(reply.statusCode).not.toBe(200);
      }),
      { numRuns: 100, seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sandbox', 'stripe'), looseBody, async (gateway, body) => {
        const reply = await t.inject({
          method: 'POST',
          url: apiPath('pay', `notify/${gateway}`),
          headers: { 'content-type': 'application/json', 'sandbox-signature': 't=1,v1=00' },
          payload: JSON.stringify(body),
        });
        expect(reply.statusCode, JSON.stringify(body)).toBeLessThan(500);
      }),
      { numRuns: 50, seed: SEED },
    );
  });
});
