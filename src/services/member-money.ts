// The member-money calls (spec §7 vip/payRules, vip/giftAmountRules, vip/charge, vip/chargeResult, vip/doc,
// vip/pointDoc), typed by the contract in src/domain/api/member-money.ts. A refused recharge rejects with
// an HttpError whose info names the reason (RECHARGE_REFUSALS) and whose message says it in the customer's
// language; rechargeRefusalOf reads both, checking the reason by hand because the recharge page decides
// what to show on the strength of it.
import type {
  chargeInfo,
  chargeInput,
  chargeResultInfo,
  chargeResultInput,
  giftAmountRulesInfo,
  giftAmountRulesInput,
  memberDocInfo,
  memberDocInput,
  payRulesInfo,
  payRulesInput,
  pointDocInfo,
  pointDocInput,
  RechargeRefusal,
} from '../domain/api/member-money';
import { RECHARGE_REFUSALS } from '../domain/api/member-money-rules';
import { contractCalls } from './api/call';
import { isHttpError } from './http';

/** The vip/* calls of the contract, as the typed call helper reads them. */
type MemberMoneyContract = {
  payRules: { input: typeof payRulesInput; info: typeof payRulesInfo };
  giftAmountRules: { input: typeof giftAmountRulesInput; info: typeof giftAmountRulesInfo };
  charge: { input: typeof chargeInput; info: typeof chargeInfo };
  chargeResult: { input: typeof chargeResultInput; info: typeof chargeResultInfo };
  doc: { input: typeof memberDocInput; info: typeof memberDocInfo };
  pointDoc: { input: typeof pointDocInput; info: typeof pointDocInfo };
};

const vip = contractCalls<MemberMoneyContract>('vip');

export const memberMoneyApi = {
  payRules: vip('payRules'),
  giftAmountRules: vip('giftAmountRules'),
  charge: vip('charge'),
  chargeResult: vip('chargeResult'),
  doc: vip('doc'),
  pointDoc: vip('pointDoc'),
};

const REASONS: readonly string[] = RECHARGE_REFUSALS;

/** The server's refusal of a recharge call with its message, or null when the failure was not one. */
export function rechargeRefusalOf(error: unknown): { reason: RechargeRefusal; message: string } | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  const info = error.info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return null;
  const reason = (info as Record<string, unknown>).reason;
  if (typeof reason !== 'string' || !REASONS.includes(reason)) return null;
  return { reason: reason as RechargeRefusal, message: error.message };
}
