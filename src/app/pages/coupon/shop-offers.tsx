// The menu's offers, loaded beside the menu: the shop's price activities go into the cart's pricing input,
// each product in one gets a tag with its short words, and the shop header shows a strip ("Spend ¥50 get
// ¥10 off · 2 coupons to claim") leading to the activity list. Nothing shows for a shop without offers.
import { useEffect, useState } from 'react';
import type { ActivityListInfo, ShopActivity } from '../../../domain/api/activity';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import styles from '../../../views/coupon/coupons.module.css';
import { Icon } from '../../../views/ui/icons';
import type { CartRef } from '../../cart-state';
import { useAppNavigation } from '../../shell';
import { claimableCount, priceActivities, productTags, shopOffers } from '../../shop-activities';

export default function ShopOffers({
  shopId,
  cart,
  onTags,
}: {
  shopId: number;
  cart: CartRef | null;
  onTags: (tags: Map<number, string>) => void;
}) {
  const [offers, setOffers] = useState<ActivityListInfo | null>(null);
  useEffect(() => {
    let live = true;
    shopOffers(shopId).then(
      (info) => {
        if (!live) return;
        setOffers(info);
        onTags(productTags(info.activities));
      },
      // Offers are extras: without them the menu prices and orders as before, and the server still applies
      // them when it prices the order.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shopId, onTags]);
  useEffect(() => {
    if (cart && offers)
      cart.send({
        type: 'cart.setActivities',
        activities: priceActivities(offers.activities),
        purchased: offers.purchased,
      });
  }, [cart, offers]);
  const activities = offers?.activities;
  const messages = useNamespace('coupons');
  if (!activities || activities.length === 0 || messages !== 'ready') return null;
  return <Strip activities={activities} />;
}

function Strip({ activities }: { activities: readonly ShopActivity[] }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const rule = activities.find((a) => a.pricing && a.rules.length > 0)?.rules[0];
  const count = claimableCount(activities);
  const parts = [rule, count > 0 ? LL.coupons.offers.strip({ count }) : null].filter(Boolean);
  const text = parts.length > 0 ? parts.join(' · ') : LL.coupons.offers.title();
  return (
    <a
      className={styles.strip}
      href={navigation.href('/pages/activity/list')}
      aria-label={LL.coupons.offers.stripLabel({ text })}
      data-testid="offers-strip"
    >
      <Icon name="bell" size={0.875} />
      <span>{text}</span>
      <Icon name="chevron" size={0.875} />
    </a>
  );
}
