// The first-register and first-charge prompts (vip/getMemberNotifyInfo) as a bottom sheet on the menu and
// the "my" page. Whether it shows (at most once per launch, spec §4) is decided before it renders.
import { useI18nContext } from '../../i18n/i18n-context';
import { LinkButton, Button } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import styles from './member.module.css';

export function MemberNotifySheet({
  kind,
  chargeSlogan,
  href,
  onClose,
}: {
  kind: 'register' | 'charge' | null;
  chargeSlogan: string;
  href: string;
  onClose: () => void;
}) {
  const { LL } = useI18nContext();
  const text =
    kind === 'charge'
      ? {
          title: LL.member.notify.chargeTitle(),
          body: chargeSlogan || LL.member.notify.chargeBody(),
          action: LL.member.notify.chargeAction(),
        }
      : {
          title: LL.member.notify.registerTitle(),
          body: LL.member.notify.registerBody(),
          action: LL.member.notify.registerAction(),
        };
  return (
    <BottomSheet open={kind !== null} onClose={onClose} title={text.title}>
      <div className={styles.sheetBody} data-testid="member-notify">
        <p>{text.body}</p>
        <div className={styles.joinActions}>
          <LinkButton href={href} block onClick={onClose}>
            {text.action}
          </LinkButton>
          <Button variant="ghost" block onClick={onClose}>
            {LL.member.notify.later()}
          </Button>
        </div>
      </div>
    </BottomSheet>
  );
}
