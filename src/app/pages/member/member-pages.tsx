// The member routes and the shop-text user pages share one entry in the router (as the coupon pages do,
// decision C47): the first route's code names this module once, and this module loads the page of the path.
import { useRouterState } from '@tanstack/react-router';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/member/index': lazy(() => import('./member-index-page')),
  '/member/register': lazy(() => import('./member-register-page')),
  '/member/edit': lazy(() => import('./member-edit-page')),
  '/member/edit-paypassword': lazy(() => import('./pay-password-page')),
  '/member/forgot-paypassword': lazy(() => import('./pay-password-page')),
  '/member/store-list': lazy(() => import('./member-store-list-page')),
  '/pages/user/protocol': lazy(() => import('../user/protocol-page')),
  '/pages/user/contact-shop': lazy(() => import('../user/contact-shop-page')),
  '/pages/user/wechat-group': lazy(() => import('../user/wechat-group-page')),
};

export default function MemberPages(): ReactNode {
  const path: string = useRouterState({ select: (s): string => s.location.pathname });
  const Page: LazyExoticComponent<ComponentType> | undefined = PAGES[path];
  return Page ? <Page /> : null;
}
