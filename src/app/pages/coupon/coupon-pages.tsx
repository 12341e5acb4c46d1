// The coupon and offer routes share one entry in the router (decision C47): the router's first-route code
// names this module once for all five, and this module loads the page of the path.
import { useRouterState } from '@tanstack/react-router';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/pages/user/coupon/list': lazy(() => import('./coupon-list-page')),
  '/pages/user/coupon/detail': lazy(() => import('./coupon-detail-page')),
  '/pages/user/coupon/claim': lazy(() => import('./coupon-claim-page')),
  '/pages/activity/list': lazy(() => import('./activity-list-page')),
  '/order/search-activity-by-code': lazy(() => import('./promo-code-page')),
};

export default function CouponPages(): ReactNode {
  const path: string = useRouterState({ select: (s): string => s.location.pathname });
  const Page: LazyExoticComponent<ComponentType> | undefined = PAGES[path];
  return Page ? <Page /> : null;
}
