// /member/index: the member card in the shop's colour and the member services, or the way to become one
// (log in; register when the shop allows web registration, else "register in store"; link a card the
// counter registered). Which of these shows is the memberCardState rule's answer, passed in.
import type { ReactNode } from 'react';
import type { Member, VipInfo } from '../../domain/api/member';
import { catalogueLocaleOf } from '../../domain/enums';
import { useI18nContext } from '../../i18n/i18n-context';
import type { MemberCardState } from '../../machines/member/member-card.rules';
import { percentOff } from '../../machines/member/member-card.rules';
import { Button, LinkButton } from '../ui/button';
import { ErrorView } from '../ui/error-view';
import { usePriceFormatter } from '../ui/shop-display';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState } from '../ui/state-views';
import { MemberIcon, type MemberIconName } from './member-icons';
import styles from './member.module.css';

export interface MemberCardHrefs {
  login: string;
  register: string;
  edit: string;
  payPassword: string;
  transactions: string;
  recharge: string;
  points: string;
  pointStore: string;
  limitCards: string;
  stores: string;
  code: string;
}

export interface MemberCardViewProps {
  info: VipInfo | null;
  state: MemberCardState | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  hrefs: MemberCardHrefs;
  onBind: () => void;
  binding: boolean;
  /** The answer to the last link attempt (not a member, or the server's words), or null. */
  bindMessage: string | null;
}

export function MemberCardView(props: MemberCardViewProps) {
  const { LL } = useI18nContext();
  if (props.failed) return <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  if (props.loading || !props.info || !props.state) return <CardSkeleton label={LL.member.card.loading()} />;
  const { info, state, hrefs } = props;
  if (state === 'closed') return <EmptyState icon="store" title={LL.member.join.closed()} />;
  if (state === 'guest')
    return (
      <>
        <CardFace info={info} member={null} />
        <section className={styles.join} aria-labelledby="member-guest">
          <h2 id="member-guest">{LL.member.guest.title()}</h2>
          <p>{LL.member.guest.hint()}</p>
          <LinkButton href={hrefs.login} block>
            {LL.member.guest.login()}
          </LinkButton>
        </section>
      </>
    );
  if (state === 'register' || state === 'inStore')
    return (
      <>
        <CardFace info={info} member={null} />
        <section className={styles.join} aria-labelledby="member-join">
          <h2 id="member-join">{LL.member.join.title()}</h2>
          {state === 'register' ? (
            <>
              <p>{LL.member.join.hint()}</p>
              <div className={styles.joinActions}>
                <LinkButton href={hrefs.register} block>
                  {LL.member.join.register()}
                </LinkButton>
              </div>
            </>
          ) : (
            <>
              <p data-testid="register-in-store">{LL.member.join.inStore()}</p>
              <p>{LL.member.join.inStoreHint()}</p>
            </>
          )}
        </section>
        <section className={styles.join} aria-labelledby="member-bind">
          <h2 id="member-bind">{LL.member.join.bindTitle()}</h2>
          <p>{LL.member.join.bindHint()}</p>
          {props.bindMessage && (
            <p className={styles.fieldError} role="alert">
              {props.bindMessage}
            </p>
          )}
          <Button
            variant="secondary"
            block
            onClick={props.onBind}
            disabled={props.binding}
            busy={props.binding}
          >
            {LL.member.join.bind()}
          </Button>
        </section>
      </>
    );
  return <MemberHome info={info} member={info.member!} hrefs={hrefs} />;
}

function MemberHome({ info, member, hrefs }: { info: VipInfo; member: Member; hrefs: MemberCardHrefs }) {
  const { LL } = useI18nContext();
  const rows: { href: string; icon: MemberIconName; label: string; hint?: string; testId: string }[] = [
    {
      href: hrefs.code,
      icon: 'qr',
      label: LL.member.card.code(),
      hint: LL.member.card.codeHint(),
      testId: 'member-code',
    },
    { href: hrefs.edit, icon: 'edit', label: LL.member.card.edit(), testId: 'member-edit' },
    {
      href: hrefs.payPassword,
      icon: 'lock',
      label: LL.member.card.payPassword(),
      hint: member.hasPayPassword ? LL.member.card.payPasswordSet() : LL.member.card.payPasswordNotSet(),
      testId: 'member-pay-password',
    },
    ...(info.setting.isAllowRecharge
      ? [
          {
            href: hrefs.recharge,
            icon: 'wallet' as const,
            label: LL.member.card.recharge(),
            hint: info.setting.chargeSlogan || undefined,
            testId: 'member-recharge',
          },
        ]
      : []),
    {
      href: hrefs.transactions,
      icon: 'list',
      label: LL.member.card.transactions(),
      testId: 'member-transactions',
    },
    { href: hrefs.points, icon: 'star', label: LL.member.card.pointsHistory(), testId: 'member-points' },
    {
      href: hrefs.pointStore,
      icon: 'gift',
      label: LL.member.card.pointStore(),
      testId: 'member-point-store',
    },
    {
      href: hrefs.limitCards,
      icon: 'ticket',
      label: LL.member.card.limitCards(),
      testId: 'member-limit-cards',
    },
    ...(member.isChain
      ? [
          {
            href: hrefs.stores,
            icon: 'store' as const,
            label: LL.member.card.stores(),
            testId: 'member-stores',
          },
        ]
      : []),
  ];
  return (
    <>
      <CardFace info={info} member={member} />
      <section className={styles.section} aria-labelledby="member-services">
        <h2 id="member-services" className={styles.sectionTitle}>
          {LL.member.card.entries()}
        </h2>
        <ul className={styles.rows}>
          {rows.map((row) => (
            <li key={row.testId}>
              <a className={styles.row} href={row.href} data-testid={row.testId}>
                <MemberIcon name={row.icon} className={styles.rowIcon} size={1.375} />
                <span className={styles.serviceLabel}>{row.label}</span>
                {row.hint && <span className={`${styles.rowHint} ${styles.serviceHint}`}>{row.hint}</span>}
                <MemberIcon name="chevron" className={styles.chevron} size={1.125} />
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The card itself: the shop's card name and logo, and for a member their name, level, number and money. */
function CardFace({ info, member }: { info: VipInfo; member: Member | null }) {
  const { LL, locale } = useI18nContext();
  const format = usePriceFormatter();
  const name = info.setting.cardName || info.setting.name || LL.member.card.fallbackName();
  const logo = info.setting.cardLogo || info.setting.logo;
  const levelName = member
    ? member.levelNames?.[catalogueLocaleOf(locale) === 'zh-CN' ? 'zh' : 'en'] || member.levelName
    : '';
  const off = member ? percentOff(member.discount) : null;
  const figures: { label: string; value: ReactNode; testId: string }[] = member
    ? [
        { label: LL.member.card.balance(), value: format(member.amount), testId: 'card-balance' },
        { label: LL.member.card.giftBalance(), value: format(member.giftAmount), testId: 'card-gift' },
        { label: LL.member.card.points(), value: member.points, testId: 'card-points' },
        {
          label: LL.member.card.discount(),
          value: off === null ? LL.member.card.noDiscount() : LL.member.card.discountOff({ off }),
          testId: 'card-discount',
        },
      ]
    : [];
  return (
    <div className={styles.cardArea}>
      <section className={styles.memberCard} aria-label={name} data-testid="member-card">
        <div className={styles.cardTop}>
          {logo ? (
            <img className={styles.cardLogo} src={logo} alt="" />
          ) : (
            <span className={styles.cardLogo}>
              <MemberIcon name="card" size={1.25} />
            </span>
          )}
          <div>
            <p className={styles.cardName}>{name}</p>
            {member && (
              <p className={styles.cardSub} data-testid="member-name">
                {member.name}
              </p>
            )}
          </div>
          {member && (
            <span className={styles.level} data-testid="member-level">
              <span className="visually-hidden">{LL.member.card.level()} </span>
              {levelName}
            </span>
          )}
        </div>
        {member && (
          <>
            <p className={styles.cardNo} data-testid="card-no">
              {LL.member.card.cardNo({ cardNo: spacedCardNo(member.cardNo) })}
            </p>
            <dl className={styles.figures}>
              {figures.map((figure) => (
                <div key={figure.testId}>
                  <dt>{figure.label}</dt>
                  <dd data-testid={figure.testId}>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    </div>
  );
}

function CardSkeleton({ label }: { label: string }) {
  return (
    <SkeletonRegion label={label}>
      <div className={styles.cardArea}>
        <Skeleton width="100%" height="11rem" style={{ borderRadius: '1rem' }} />
      </div>
      <div className={styles.section} style={{ padding: '1rem' }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} width="100%" height="1.5rem" style={{ marginBottom: '0.75rem' }} />
        ))}
      </div>
    </SkeletonRegion>
  );
}

/** 6200123456789 → 6200 1234 5678 9: read and typed in groups, as on a bank card. */
export const spacedCardNo = (cardNo: string): string => cardNo.replace(/(.{4})(?=.)/g, '$1 ');
