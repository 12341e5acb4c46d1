// Tab 0 (/pages/user/index-tab): the shop's home. Choosing an order mode sets it on the session and opens
// the menu (tab 1).
import { HomeTabView } from '../../../views/store/home-tab-view';
import { useAppState } from '../../app-state';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';

export default function HomeTabPage() {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  return (
    <RequireShop>
      {(shop) => (
        <HomeTabView
          shop={shop}
          onChooseOrderType={(orderType) => {
            session.send({ type: 'session.setOrderType', orderType });
            navigation.go('/pages/user/index-tab-1');
          }}
        />
      )}
    </RequireShop>
  );
}
