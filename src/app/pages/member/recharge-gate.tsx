// The member pages of the card's money need a member: a visitor without a proved phone logs in first, one
// without a card in this shop's membership registers; while the session is still reading the customer, the
// page shows its skeleton instead of asking.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { Member } from '../../../domain/catalog';
import { selectHasPhone, selectIsBusy, selectMember } from '../../../machines/entry/session.selectors';
import { RechargeGate, RechargeSkeleton } from '../../../views/member/recharge-view';
import { useAppState } from '../../app-state';

export function RequireMember({ back, children }: { back: string; children: (member: Member) => ReactNode }) {
  const { session } = useAppState();
  const member = useSelector(session, selectMember);
  const hasPhone = useSelector(session, selectHasPhone);
  const busy = useSelector(session, selectIsBusy);
  if (member && hasPhone) return <>{children(member)}</>;
  if (busy) return <RechargeSkeleton />;
  return <RechargeGate kind={hasPhone ? 'register' : 'login'} back={back} />;
}
