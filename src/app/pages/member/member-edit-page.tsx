// /member/edit: the member's name, birthday and gender on the card (vip/update); only what changed is sent.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { MemberInfo, UpdateMemberInput, VipInfo } from '../../../domain/api/member';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { MemberForm } from '../../../machines/member/member-card.rules';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsReady,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import { MemberFormView } from '../../../views/member/member-form-view';
import { LinkButton } from '../../../views/ui/button';
import { ErrorView } from '../../../views/ui/error-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { Skeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState } from '../../../views/ui/state-views';
import { useToast } from '../../../views/ui/toast';
import { useAppState } from '../../app-state';
import { memberUpdateFlow, vipInfoFlow } from '../../flows/member';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

export default function MemberEditPage() {
  return (
    <WithMessages namespace="member">
      <MemberEdit />
    </WithMessages>
  );
}

const asGender = (value: number): 0 | 1 | 2 => (value === 1 || value === 2 ? value : 0);

/** The fields that differ from the member as read; null when nothing does. */
function changesOf(before: MemberForm, after: MemberForm): UpdateMemberInput | null {
  const changes: UpdateMemberInput = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.birthday !== before.birthday) changes.birthday = after.birthday || null;
  if (after.gender !== before.gender) changes.gender = after.gender;
  return Object.keys(changes).length > 0 ? changes : null;
}

function MemberEdit() {
  const { LL } = useI18nContext();
  const toast = useToast();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const card = useFlow(vipInfoFlow, () => ({ input: { params: {} } }));
  const saver = useFlow(memberUpdateFlow, () => ({}));
  const info = useSelector(card ?? undefined, (s) => (s ? selectData<VipInfo>(s) : null));
  const failed = useSelector(card ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(card ?? undefined, (s) => (s ? selectError(s) : null));
  const saving = useSelector(saver ?? undefined, (s) =>
    s ? selectIsLoading(s) && !s.matches('idle') : false,
  );
  const saved = useSelector(saver ?? undefined, (s) =>
    s && selectIsReady(s) ? selectData<MemberInfo>(s) : null,
  );
  const saveError = useSelector(saver ?? undefined, (s) => (s && selectFailed(s) ? selectError(s) : null));

  const announced = useRef<MemberInfo | null>(null);
  useEffect(() => {
    if (!saved || announced.current === saved) return;
    announced.current = saved;
    toast.show(LL.member.edit.saved());
    session.send({ type: 'session.signedIn' });
    navigation.back();
  }, [saved, toast, LL, session, navigation]);

  const member = info?.member ?? null;
  let body;
  if (failed)
    body = <ErrorView message={error ?? undefined} onRetry={() => card?.send({ type: 'resource.retry' })} />;
  else if (!info)
    body = (
      <SkeletonRegion label={LL.member.loading()}>
        <div style={{ margin: '0.75rem', display: 'grid', gap: '0.75rem' }}>
          <Skeleton width="100%" height="3rem" />
          <Skeleton width="100%" height="3rem" />
        </div>
      </SkeletonRegion>
    );
  else if (!member)
    body = (
      <EmptyState
        icon="user"
        title={LL.member.join.title()}
        action={<LinkButton href={navigation.href('/member/index')}>{LL.member.card.title()}</LinkButton>}
      />
    );
  else {
    const initial: MemberForm = {
      name: member.name,
      birthday: member.birthday ?? '',
      gender: asGender(member.gender),
    };
    body = (
      <MemberFormView
        initial={initial}
        register={null}
        busy={saving}
        error={saveError ? errorText(LL, saveError) : null}
        submitLabel={LL.member.edit.save()}
        onSubmit={(form) => {
          const changes = changesOf(initial, form);
          if (!changes) {
            toast.show(LL.member.edit.unchanged());
            return;
          }
          saver?.send({ type: 'resource.load', params: changes });
        }}
      />
    );
  }
  return <Page head={<PageHead title={LL.member.edit.title()} />}>{body}</Page>;
}
