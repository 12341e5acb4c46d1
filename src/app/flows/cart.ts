// One shop's cart (with the pricing engine); input `saved` is `storage.getCart(shopId)`, so a reload
// restores it. cart-state.tsx loads this module once the customer is in a shop, not with the first page.
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Member } from '../../domain/catalog';
import type { PricingMemberSetting } from '../../domain/pricing';
import { cartMachine } from '../../machines/cart/cart.machine';
import { storeApi } from '../../services/api/store';
import { storage } from '../../services/storage';

export const cartFlow = cartMachine.provide({
  actors: { saveCart: fromPromise(async ({ input }) => storage.setCart(input)) },
});

let memberSettings: { shopId: number; setting: Promise<PricingMemberSetting> } | null = null;

/**
 * Tells the cart who is buying (spec §4: a member change re-prices and makes the member card the default
 * pay type). Member prices need the shop's member settings, read once per shop; if they cannot be read
 * the cart keeps pricing without member discounts, as the server would refuse nothing for it.
 */
export async function syncCartMember(
  cart: ActorRefFrom<typeof cartMachine>,
  shopId: number,
  member: Member | null,
): Promise<void> {
  if (!member) {
    cart.send({ type: 'cart.setMember', member: null });
    return;
  }
  if (memberSettings?.shopId !== shopId) {
    const setting = storeApi
      .memberSetting({}, { toast: false })
      .then(({ isOpenDiscount, discountMode, isOnlyCardPayForDiscount }) => ({
        isOpenDiscount,
        discountMode,
        isOnlyCardPayForDiscount,
      }));
    memberSettings = { shopId, setting };
    setting.catch(() => {
      if (memberSettings?.setting === setting) memberSettings = null;
    });
  }
  const priced = { id: member.id, level: member.level, discount: member.discount };
  try {
    cart.send({ type: 'cart.setMember', member: priced, memberSetting: await memberSettings.setting });
  } catch {
    cart.send({ type: 'cart.setMember', member: priced });
  }
}
