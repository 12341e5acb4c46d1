// The "my" page's way to the member card (a member sees the card's number beside it) and the member
// prompts of vip/getMemberNotifyInfo: become a member, or make a first top-up, each at most once per launch.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import { selectHasPhone, selectMember } from '../../../machines/entry/session.selectors';
import { memberNotifyToShow, type MemberNotifyKind } from '../../../machines/member/member-card.rules';
import { memberApi } from '../../../services/member';
import { storage } from '../../../services/storage';
import { MemberIcon } from '../../../views/member/member-icons';
import { MemberNotifySheet } from '../../../views/member/member-notify-sheet';
import styles from '../../../views/member/member.module.css';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';

export default function MemberEntry() {
  const messages = useNamespace('member');
  return messages === 'ready' ? <Entry /> : null;
}

function Entry() {
  const { LL } = useI18nContext();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const member = useSelector(session, selectMember);
  const hasPhone = useSelector(session, selectHasPhone);
  const [notify, setNotify] = useState<{ kind: MemberNotifyKind; slogan: string } | null>(null);
  useEffect(() => {
    if (!hasPhone) return;
    let live = true;
    // A prompt is a suggestion: without an answer the page simply shows none.
    memberApi.notifyInfo({ toast: false }).then(
      (info) => {
        if (!live) return;
        const kind = memberNotifyToShow(info, {
          register: storage.getFlag('firstRegisterShowed') !== null,
          charge: storage.getFlag('firstChargeShowed') !== null,
        });
        if (!kind) return;
        storage.setFlag(kind === 'register' ? 'firstRegisterShowed' : 'firstChargeShowed', '1');
        setNotify({ kind, slogan: info.chargeSlogan });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [hasPhone]);
  return (
    <>
      <nav className={styles.section} aria-label={LL.member.card.title()}>
        <ul className={styles.rows}>
          <li>
            <a className={styles.row} href={navigation.href('/member/index')} data-testid="member-entry">
              <MemberIcon name="card" className={styles.rowIcon} size={1.375} />
              <span className={styles.rowText}>{LL.member.card.title()}</span>
              <span className={styles.rowHint}>
                {member ? LL.member.card.cardNo({ cardNo: member.cardNo }) : LL.member.join.register()}
              </span>
              <MemberIcon name="chevron" className={styles.chevron} size={1.125} />
            </a>
          </li>
        </ul>
      </nav>
      <MemberNotifySheet
        kind={notify?.kind ?? null}
        chargeSlogan={notify?.slogan ?? ''}
        href={navigation.href(notify?.kind === 'charge' ? '/member/recharge' : '/member/register')}
        onClose={() => setNotify(null)}
      />
    </>
  );
}
