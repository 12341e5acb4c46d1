// /order/allin-pay?trade=: the sandbox gateway's hosted wallet page (the stand-in for a wallet or bank
// provider): the same sandbox checkout flow as the card page, without a card number.
import { getRouteApi } from '@tanstack/react-router';
import { SandboxGatewayPage } from './order-stripe-pay-page';

const route = getRouteApi('/order/allin-pay');

export default function OrderAllinPayPage() {
  const { trade } = route.useSearch();
  return <SandboxGatewayPage tradeNo={trade ?? null} />;
}
