// The member code the counter scans (vip/genVipToken): the member id, the membership scope and an expiry a
// minute away, signed (./member-secrets.ts). A screenshot is useless a minute later, a changed digit fails
// the signature, and a code from another chain's app names a scope this counter is not in. The merchant
// side calls verifyMemberCode with its own shop (decisions M20-M23).
import { eq } from 'drizzle-orm';
import { MEMBER_CODE_TTL_SECONDS, type VipTokenInfo } from '../../../src/domain/api/member';
import type { Executor } from '../../db/client';
import { members, shops } from '../../db/schema';
import type { PayPasswordKeyring } from '../identity/identity-password';
import { openMemberCode, scopeTag, signMemberCode } from './member-secrets';

export function issueMemberCode(
  keyring: PayPasswordKeyring,
  member: { id: number; chainId: number | null; shopId: number | null; cardNo: string },
  now: Date,
): VipTokenInfo {
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + MEMBER_CODE_TTL_SECONDS * 1000);
  return {
    code: signMemberCode(keyring, member.id, scopeTag(member), expiresAt),
    expiresAt: expiresAt.toISOString(),
    ttlSeconds: MEMBER_CODE_TTL_SECONDS,
    cardNo: member.cardNo,
  };
}

export type MemberCodeCheck =
  | { ok: true; memberId: number; cardNo: string }
  | { ok: false; reason: 'tampered' | 'expired' | 'otherScope' | 'memberNotFound' };

/** What a counter of `shopId` learns from a scanned member code. */
export async function verifyMemberCode(
  db: Executor,
  keyring: PayPasswordKeyring,
  code: string,
  shopId: number,
  now: Date,
): Promise<MemberCodeCheck> {
  const opened = openMemberCode(keyring, code);
  if (!opened.ok) return opened;
  if (opened.expiresAt <= now) return { ok: false, reason: 'expired' };
  const [shop] = await db.select({ chainId: shops.chainId }).from(shops).where(eq(shops.id, shopId));
  if (!shop || scopeTag({ chainId: shop.chainId, shopId }) !== opened.scope)
    return { ok: false, reason: 'otherScope' };
  const [member] = await db
    .select({ id: members.id, chainId: members.chainId, shopId: members.shopId, cardNo: members.cardNo })
    .from(members)
    .where(eq(members.id, opened.memberId));
  if (!member || scopeTag(member) !== opened.scope) return { ok: false, reason: 'memberNotFound' };
  return { ok: true, memberId: member.id, cardNo: member.cardNo };
}
