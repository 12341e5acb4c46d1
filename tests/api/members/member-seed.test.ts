// The demo data's member area: web registration on (Linen & Loom, Lumière Studio) and off (Petit Four
// Paris), the Jasmine Hill chain's two branches sharing one card, the chain's own terms, and Lumière's group
// QR image (a file that exists) while other shops have none.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chains, shops } from '../../../server/seed/index';
import type {
  MemberRefusalInfo,
  RegisterInfo,
  ShopTextsInfo,
  VipInfo,
  VipShopListInfo,
} from '../../../src/domain/api/member';
import type { SessionInfo } from '../../../src/domain/api/user';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { as, enter, loginAs } from './member-fixture';

const LINEN_AND_LOOM = 3;
const LUMIERE = 5;
const XINTIANDI = 6;
const LUJIAZUI = 7;
const PETIT_FOUR = 8;

describe.each(testDatabases)('the demo member area on %s', (kind) => {
  const t = useTestApp(kind, { seed: { chains, shops }, clock: createClock(), demoMode: true });

  // Petit Four has no SMS left, so its customer logs in at Linen & Loom and carries the login over (user/token).
  it('registers online where the shop allows it and sends Petit Four’s customers to the counter', async () => {
    const linen = await loginAs(t, LINEN_AND_LOOM, '13512340001');
    const info = await as(t, linen)<VipInfo>('vip/getInfo');
    expect(info.body.info).toMatchObject({ canRegister: true, setting: { allowRegisterInWeb: true } });
    const reg = await as(t, linen)<RegisterInfo>('vip/register', { name: 'Demo Visitor', agreeTerms: true });
    expect(reg.body.result, reg.body.message).toBe(true);
    expect(reg.body.info.member.isChain).toBe(false);

    const lumiere = await loginAs(t, LUMIERE, '13512340001');
    expect((await as(t, lumiere)<VipInfo>('vip/getInfo')).body.info.canRegister).toBe(true);

    const moved = await t.call<SessionInfo>('user/token', {
      id: PETIT_FOUR,
      token: await loginAs(t, LINEN_AND_LOOM, '13512340002'),
    });
    const petit = moved.body.info.token;
    const refused = await as(t, petit)('vip/register', { name: 'Demo Visitor', agreeTerms: true });
    expect((refused.body.info as MemberRefusalInfo).reason).toBe('registerClosed');
    const bind = await as(t, petit)('vip/bind');
    expect(bind.body.info).toMatchObject({ code: -1, canRegister: false });
  });

  it('shares one card between the Jasmine Hill branches, with the chain’s terms', async () => {
    const xintiandi = await loginAs(t, XINTIANDI, '13512340003');
    const reg = await as(t, xintiandi)<RegisterInfo>('vip/register', { name: 'Tea Lover', agreeTerms: true });
    expect(reg.body.info.member.isChain).toBe(true);
    const lujiazui = await loginAs(t, LUJIAZUI, '13512340003');
    expect((await as(t, lujiazui)<VipInfo>('vip/getInfo')).body.info.member!.id).toBe(
      reg.body.info.member.id,
    );
    const list = await as(t, lujiazui)<VipShopListInfo>('vip/getVipShopList');
    expect(list.body.info.shops.map((s) => s.id)).toEqual([XINTIANDI, LUJIAZUI]);
    const texts = await as(t, lujiazui)<ShopTextsInfo>('store/shopTexts');
    expect(texts.body.info.terms.body).toContain('Xintiandi and Lujiazui');
  });

  it('shows Lumière’s group QR image, which exists, and no group elsewhere', async () => {
    const lumiere = await as(t, (await enter(t, LUMIERE)).token)<ShopTextsInfo>('store/shopTexts');
    const group = lumiere.body.info.wechatGroup!;
    expect(group.image).toBe('/assets/demo/group-qr-lumiere-studio.png');
    expect(existsSync(resolve('server/seed/images/group-qr-lumiere-studio.png'))).toBe(true);
    expect(group.note).toContain('Lumière');
    expect(lumiere.body.info.contact.phone).not.toBe('');
    const petit = await as(t, (await enter(t, PETIT_FOUR)).token)<ShopTextsInfo>('store/shopTexts');
    expect(petit.body.info.wechatGroup).toBeNull();
    expect(petit.body.info.terms.body).toContain('Membership is free');
  });
});
