// How every consumer API call is written. A route file is a Fastify plugin that lists its actions:
//
//   export default actionRoutes([
//     defineAction({
//       area: 'store', action: 'detail',          // → POST /new/consumer/store/detail
//       input: storeDetailInput,                  // zod schema from src/domain/api/*
//       auth: 'none',                             // 'none' | 'session' | 'member'
//       handler: async ({ input, ctx, app }) => { ... return info; },
//     }),
//   ]);
//
// and app.ts registers it. The handler returns the reply's `info` (message ''), or `withMessage(info, key)`
// to add a message. A business failure is `throw new BusinessError(key, params?, info?)`: HTTP 200 with
// `{ result: false, info, message }`. `key` is a server/i18n message key or a `{ en, 'zh-CN', ... }` text.
//
// First, an action listed in ./rate-limit.ts RATE_LIMITED_ACTIONS is counted per session and per client
// address; over a limit it is 429 with Retry-After and nothing else runs.
// Before the handler runs, the body is validated with `input` (messages in the request's language; a
// failure is 200 `result: false`, nothing is written) and `ctx` is built: locale (header `language`),
// abroad (`Abroad-Env`), userAgentType, now (the app clock) and the session of the `token` header.
// - auth 'none': ctx.session is the token's session when the token is valid, else null. Never 401.
// - auth 'session': a missing, unknown or expired token is 401.
// - auth 'member': as 'session', and a customer without a member record gets 200 `auth.memberRequired`.
// - A session whose shop has stopped operating (realShopStatus -1) is 403 unless `allowStoppedShop` is
//   set; calls without a token (store/list, store/detail) always answer, so the browser can show the
//   stopped dialog.
// Handlers get the database as `app.db` and must keep transactions short: never call a provider (SMS,
// payment) inside one, because PGlite runs one query at a time.
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiPath, HEADERS, type ApiReply } from '../../src/domain/api/envelope';
import { catalogueLocaleOf, type CatalogueLocale, type Locale } from '../../src/domain/enums';
import { prepared, type Database } from '../db/client';
import { customers, memberLevels, members, sessions, shops } from '../db/schema';
import {
  describeIssues,
  resolveLocale,
  translate,
  zodErrorMap,
  type LocalizedText,
  type MessageKey,
  type MessageParams,
} from '../i18n';
import { findForbiddenText } from './input-text';
import { hitRateLimit, rateLimitedMessage } from './rate-limit';

export type AuthMode = 'none' | 'session' | 'member';

/** The session a valid `token` header resolves to. */
export interface Session {
  id: number;
  shopId: number;
  /** The shop's chain (its membership scope when set). */
  chainId: number | null;
  customerId: number;
  /** The browser key the session was opened with (names no person, decision S1). */
  deviceKey: string;
  /** The member record linked to the customer in the shop's membership scope, if any. */
  memberId: number | null;
  expiresAt: Date;
  /** realShopStatus of the session's shop: 1 operating, 0 expired, -1 stopped. */
  shopStatus: number;
  /** The linked member's level and its discount (percent), for member prices; null without a member. */
  memberPricing: { level: number; discount: number } | null;
}
export type MemberSession = Session & { memberId: number };

type SessionFor<A extends AuthMode> = A extends 'none'
  ? Session | null
  : A extends 'member'
    ? MemberSession
    : Session;

export interface RequestContext<A extends AuthMode = AuthMode> {
  locale: Locale;
  /** The catalogue language texts are read in (en or zh-CN). */
  catalogueLocale: CatalogueLocale;
  /** `Abroad-Env` header: the overseas environment. */
  abroad: boolean;
  /** Client type code of the `userAgentType` header (spec §4), null when absent or not a number. */
  userAgentType: number | null;
  /** The app clock at the start of the request; use it for every time written or compared. */
  now: Date;
  session: SessionFor<A>;
  t(key: MessageKey | LocalizedText, params?: MessageParams): string;
}

export interface ActionArgs<S extends z.ZodType, A extends AuthMode> {
  input: z.output<S>;
  ctx: RequestContext<A>;
  app: FastifyInstance;
  request: FastifyRequest;
}

const MESSAGE = Symbol('message');
export interface WithMessage<T> {
  [MESSAGE]: true;
  info: T;
  message: MessageKey | LocalizedText;
  params?: MessageParams;
}
/** A successful reply that also carries a message ("Saved.", "The code has been sent."). */
export const withMessage = <T>(
  info: T,
  message: MessageKey | LocalizedText,
  params?: MessageParams,
): WithMessage<T> => ({
  [MESSAGE]: true,
  info,
  message,
  ...(params ? { params } : {}),
});

export interface ActionDefinition<
  S extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
  R = unknown,
> {
  area: string;
  action: string;
  input: S;
  auth: A;
  /** Answer even when the session's shop has stopped operating. */
  allowStoppedShop?: boolean;
  handler(args: ActionArgs<S, A>): Promise<R | WithMessage<R>>;
}

export function defineAction<S extends z.ZodType, A extends AuthMode, R>(
  definition: ActionDefinition<S, A, R>,
): ActionDefinition<S, A, R> {
  return definition;
}

/** A failure the caller should show: HTTP 200 (or `status`), `result: false`. */
export class BusinessError extends Error {
  constructor(
    readonly key: MessageKey | LocalizedText,
    readonly params?: MessageParams,
    readonly info: unknown = null,
    readonly status = 200,
  ) {
    super(typeof key === 'string' ? key : key.en);
    this.name = 'BusinessError';
  }
}

/** An HTTP-level refusal (401, 403, 404, 413 ...) still answered with the envelope. */
export class HttpError extends BusinessError {
  constructor(status: number, key: MessageKey | LocalizedText, params?: MessageParams) {
    super(key, params, null, status);
    this.name = 'HttpError';
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const truthy = (value: string | undefined) =>
  !!value && !['0', 'false', 'no', ''].includes(value.trim().toLowerCase());

/** Locale and environment of a request; used for error replies too, before any action runs. */
export function requestLocale(request: FastifyRequest): { locale: Locale; abroad: boolean } {
  const abroad = truthy(header(request, HEADERS.abroadEnv));
  return { locale: resolveLocale(header(request, HEADERS.language), abroad), abroad };
}

export function envelope<T>(result: boolean, info: T, message: string): ApiReply<T> {
  return { result, info, message };
}

const sessionByToken = (db: Database) =>
  db
    .select({
      id: sessions.id,
      shopId: sessions.shopId,
      chainId: shops.chainId,
      customerId: sessions.customerId,
      deviceKey: sessions.deviceKey,
      memberId: customers.memberId,
      expiresAt: sessions.expiresAt,
      shopStatus: sql<number>`coalesce((${shops.settings}->>'realShopStatus')::int, 1)`,
      memberLevel: members.levelId,
      memberDiscount: memberLevels.discount,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .innerJoin(shops, eq(shops.id, sessions.shopId))
    .leftJoin(members, eq(members.id, customers.memberId))
    .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

/**
 * The valid, unexpired session of a token (hash lookup), with its shop's status; null otherwise. Found
 * sessions stay in the process's session cache for a moment (decision K10); unknown tokens are not kept.
 */
export async function findSession(app: FastifyInstance, token: string, now: Date): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const cached = app.sessionCache.get(tokenHash);
  if (cached) return cached.expiresAt > now ? cached : null;
  const [row] = await prepared(app.db, 'session_by_token', sessionByToken).execute({
    tokenHash,
    now: now.toISOString(),
  });
  if (!row) return null;
  const { memberLevel, memberDiscount, ...fields } = row;
  const session: Session = {
    ...fields,
    shopStatus: Number(row.shopStatus),
    memberPricing:
      row.memberId === null ? null : { level: memberLevel ?? 0, discount: memberDiscount ?? 100 },
  };
  app.sessionCache.set(tokenHash, session);
  return session;
}

export const SHOP_STOPPED = -1;

async function buildContext(
  app: FastifyInstance,
  request: FastifyRequest,
  definition: ActionDefinition,
): Promise<RequestContext> {
  const { locale, abroad } = requestLocale(request);
  const now = app.now();
  const agent = Number(header(request, HEADERS.userAgentType));
  const token = header(request, HEADERS.token)?.trim();
  const session = token ? await findSession(app, token, now) : null;
  if (definition.auth !== 'none') {
    if (!session) throw new HttpError(401, 'auth.required');
    if (session.shopStatus === SHOP_STOPPED && !definition.allowStoppedShop)
      throw new HttpError(403, 'shop.stopped');
    if (definition.auth === 'member' && session.memberId === null)
      throw new BusinessError('auth.memberRequired');
  }
  return {
    locale,
    catalogueLocale: catalogueLocaleOf(locale),
    abroad,
    userAgentType: Number.isInteger(agent) && header(request, HEADERS.userAgentType)?.trim() ? agent : null,
    now,
    session,
    t: (key, params) => translate(locale, key, params),
  };
}

/**
 * Refuses input holding text no field accepts (server/http/input-text.ts) before any schema or query sees
 * it; `status` follows the caller's convention for bad input (actions 200, the merchant API 400).
 */
export function refuseForbiddenText(value: unknown, status = 200): void {
  const field = findForbiddenText(value);
  if (field === null) return;
  throw new BusinessError('request.forbiddenText', { field: field.slice(0, 100) || 'body' }, null, status);
}

/** Sends a failure envelope in the request's language. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: BusinessError) {
  const { locale } = requestLocale(request);
  return reply
    .status(error.status)
    .send(envelope(false, error.info, translate(locale, error.key, error.params)));
}

/** The actions of each app, keyed by its HTTP server: every plugin context of one app shares it. */
const registeredActions = new WeakMap<object, ActionDefinition[]>();

/** Every action `app` registered, in order (the input fuzz test walks them all). */
export function actionsOf(app: FastifyInstance): readonly ActionDefinition[] {
  return registeredActions.get(app.server) ?? [];
}

/** Counts the call against its rate limits (./rate-limit.ts); over one, a 429 with Retry-After. */
async function refuseOverRate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  definition: ActionDefinition,
): Promise<void> {
  const token = header(request, HEADERS.token)?.trim();
  const retryAfter = await hitRateLimit(
    app.db,
    app.settings.rateLimit,
    `${definition.area}/${definition.action}`,
    { tokenHash: token ? hashToken(token) : null, ip: request.ip },
    app.now(),
  );
  if (retryAfter === null) return;
  reply.header('retry-after', String(retryAfter));
  throw new BusinessError(rateLimitedMessage, { seconds: retryAfter }, { retryAfter }, 429);
}

function registerAction(app: FastifyInstance, definition: ActionDefinition) {
  const list = registeredActions.get(app.server);
  if (list) list.push(definition);
  else registeredActions.set(app.server, [definition]);
  app.post(apiPath(definition.area, definition.action), async (request, reply) => {
    try {
      await refuseOverRate(app, request, reply, definition);
      const ctx = await buildContext(app, request, definition);
      // No body (or an empty JSON body) reads as {} so calls without a payload need not send one.
      const body = request.body === undefined || request.body === null ? {} : request.body;
      refuseForbiddenText(body);
      const parsed = definition.input.safeParse(body, { error: zodErrorMap(ctx.locale) });
      if (!parsed.success) {
        throw new BusinessError('request.invalid', { detail: describeIssues(parsed.error.issues) });
      }
      const result = await definition.handler({ input: parsed.data, ctx, app, request } as ActionArgs<
        z.ZodType,
        AuthMode
      >);
      if (result && typeof result === 'object' && MESSAGE in result) {
        const message = result as WithMessage<unknown>;
        return envelope(true, message.info ?? null, ctx.t(message.message, message.params));
      }
      return envelope(true, result ?? null, '');
    } catch (error) {
      if (error instanceof BusinessError) return sendFailure(request, reply, error);
      throw error;
    }
  });
}

/** The Fastify plugin of a route file: registers each action at POST /new/consumer/<area>/<action>. */
export function actionRoutes(
  definitions: ActionDefinition<z.ZodType, AuthMode, unknown>[],
): FastifyPluginAsync {
  return async (app) => {
    for (const definition of definitions) registerAction(app, definition);
  };
}

/** Widens a typed action so lists of different actions type-check together. */
export type AnyAction = ActionDefinition<z.ZodType, AuthMode, unknown>;
