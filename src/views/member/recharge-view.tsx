// The recharge page (spec §2 /member/recharge, §3 chargeSlogan): the card's balances, the shop's slogan, the
// tiers as cards in the shop's colour (first-recharge tiers marked; gift, points and coupons per tier), an
// amount of the customer's own within the limits, the chosen top-up's summary, the pay type and a sticky pay
// button; then the gateway's round trip as it happens. It renders the recharge actor's snapshot and sends its
// events, nothing more.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RechargeRule } from '../../domain/api/member-money';
import type { Member } from '../../domain/catalog';
import type { RechargeNotice, rechargeMachine } from '../../machines/member/recharge.machine';
import {
  selectAmount,
  selectAmountError,
  selectAmountText,
  selectChoice,
  selectChosenTier,
  selectError,
  selectFreeGift,
  selectFreeLimits,
  selectIsBusy,
  selectNotice,
  selectPayOptions,
  selectPayTypeId,
  selectRules,
  selectStep,
  selectTiers,
} from '../../machines/member/recharge.selectors';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import { useNavigation } from '../ui/navigation';
import { usePriceFormatter } from '../ui/shop-display';
import { CardSkeleton, Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import styles from './recharge-styles.module.css';

export type RechargeRef = ActorRefFrom<typeof rechargeMachine>;

/** Height of the sticky pay bar, in rem, for the page's bottom padding. */
export const RECHARGE_BAR_REM = 4.75;

export function RechargeView({ actor, member }: { actor: RechargeRef; member: Member | null }) {
  const step = useSelector(actor, selectStep);
  const { LL } = useI18nContext();
  const error = useSelector(actor, selectError);
  if (step === 'loading') return <RechargeSkeleton />;
  if (step === 'loadFailed')
    return (
      <ErrorView
        message={error ? errorText(LL, error) : undefined}
        onRetry={() => actor.send({ type: 'recharge.retry' })}
      />
    );
  if (step === 'notAllowed')
    return (
      <EmptyState icon="alert" title={LL.recharge.notAllowed()} description={LL.recharge.notAllowedHint()} />
    );
  if (step === 'redirecting' || step === 'processing')
    return (
      <div className={styles.status} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.statusTitle}>
          {step === 'redirecting' ? LL.recharge.redirecting() : LL.recharge.processing()}
        </p>
        {step === 'processing' && <p className={styles.hint}>{LL.recharge.processingDetail()}</p>}
      </div>
    );
  if (step === 'notCompleted')
    return (
      <div className={styles.status} role="alert">
        <p className={styles.statusTitle}>{LL.recharge.notCompleted()}</p>
        <p className={styles.hint}>{LL.recharge.notCompletedDetail()}</p>
        <div className={styles.actions}>
          <Button block onClick={() => actor.send({ type: 'recharge.retry' })}>
            {LL.recharge.checkAgain()}
          </Button>
          <Button block variant="secondary" onClick={() => actor.send({ type: 'recharge.back' })}>
            {LL.recharge.backToTiers()}
          </Button>
        </div>
      </div>
    );
  // choosing, paying (the form stays, its button busy) and credited (the app is leaving for the result).
  return <Choosing actor={actor} member={member} />;
}

export function RechargeSkeleton() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <CardSkeleton />
      <div className={styles.section}>
        <Skeleton width="40%" height="1.25rem" />
        <div className={styles.tiers} style={{ marginTop: '0.75rem' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="5.25rem" />
          ))}
        </div>
      </div>
    </SkeletonRegion>
  );
}

export function BalanceCard({ member }: { member: Member }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const price = usePriceFormatter();
  return (
    <section className={styles.card} aria-label={LL.recharge.cardBalance()}>
      <div className={styles.cardHead}>
        <p className={styles.cardLabel}>{LL.recharge.cardBalance()}</p>
        <a className={styles.cardLink} href={navigation.href('/member/doc')}>
          {LL.recharge.history()} ›
        </a>
      </div>
      <p className={styles.cardAmount} data-testid="card-balance">
        {price(member.amount + member.giftAmount)}
      </p>
      <dl className={styles.cardRow}>
        <div>
          <dt>{LL.recharge.stored()}</dt>
          <dd data-testid="card-stored">{price(member.amount)}</dd>
        </div>
        <div>
          <dt>{LL.recharge.gift()}</dt>
          <dd data-testid="card-gift">{price(member.giftAmount)}</dd>
        </div>
        <div>
          <dt>{LL.recharge.points()}</dt>
          <dd data-testid="card-points">{member.points}</dd>
        </div>
      </dl>
    </section>
  );
}

function Choosing({ actor, member }: { actor: RechargeRef; member: Member | null }) {
  const { LL } = useI18nContext();
  const price = usePriceFormatter();
  const rules = useSelector(actor, selectRules);
  const tiers = useSelector(actor, selectTiers);
  const choice = useSelector(actor, selectChoice);
  const limits = useSelector(actor, selectFreeLimits);
  const amount = useSelector(actor, selectAmount);
  const busy = useSelector(actor, selectIsBusy);
  const payOptions = useSelector(actor, selectPayOptions);
  const payTypeId = useSelector(actor, selectPayTypeId);
  return (
    <>
      {member && <BalanceCard member={member} />}
      {rules?.chargeSlogan && <p className={styles.slogan}>{rules.chargeSlogan}</p>}
      <Notice actor={actor} />
      <form
        className={styles.section}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'recharge.submit' });
        }}
        id="recharge-form"
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{LL.recharge.tiersLabel()}</legend>
          <div className={styles.tiers}>
            {tiers.map((tier) => (
              <TierCard
                key={tier.id}
                tier={tier}
                checked={choice?.kind === 'tier' && choice.tierId === tier.id}
                onChoose={() => actor.send({ type: 'recharge.tier', tierId: tier.id })}
              />
            ))}
            {limits && (
              <label className={styles.tier} data-testid="recharge-free">
                <input
                  type="radio"
                  name="recharge-tier"
                  checked={choice?.kind === 'free'}
                  onChange={() => actor.send({ type: 'recharge.free' })}
                />
                <span className={styles.tierPay}>{LL.recharge.free()}</span>
                <span className={styles.tierExtra}>
                  {LL.recharge.freeHint({ min: price(limits.min), max: price(limits.max) })}
                </span>
              </label>
            )}
          </div>
          {limits && choice?.kind === 'free' && <FreeAmount actor={actor} limits={limits} />}
        </fieldset>
      </form>
      <Summary actor={actor} />
      {payOptions.length > 1 && (
        <fieldset className={`${styles.section} ${styles.fieldset}`}>
          <legend className={styles.title}>{LL.recharge.payWith()}</legend>
          <div className={styles.options}>
            {payOptions.map((option) => (
              <label key={option.id} className={styles.option}>
                <input
                  type="radio"
                  name="recharge-pay-type"
                  checked={payTypeId === option.id}
                  onChange={() => actor.send({ type: 'recharge.payType', payTypeId: option.id })}
                />
                <span>{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className={styles.bar}>
        <div className={styles.barInner}>
          <Button
            type="submit"
            form="recharge-form"
            block
            size="large"
            busy={busy}
            // An amount of one's own stays tappable: the tap says what is wrong with it, a greyed button would not.
            disabled={busy || (amount === null && choice?.kind !== 'free')}
            data-testid="recharge-pay"
          >
            {amount === null ? LL.recharge.chooseFirst() : LL.recharge.pay({ amount: price(amount) })}
          </Button>
        </div>
      </div>
    </>
  );
}

function TierCard({
  tier,
  checked,
  onChoose,
}: {
  tier: RechargeRule;
  checked: boolean;
  onChoose: () => void;
}) {
  const { LL } = useI18nContext();
  const price = usePriceFormatter();
  return (
    <label className={styles.tier} data-testid="recharge-tier" data-pay={tier.payAmount}>
      <input type="radio" name="recharge-tier" checked={checked} onChange={onChoose} />
      {tier.firstOnly && <span className={styles.badge}>{LL.recharge.firstOnly()}</span>}
      <span className={styles.tierPay}>{price(tier.payAmount)}</span>
      {tier.giftAmount > 0 && (
        <span className={styles.tierGift}>{LL.recharge.tierGift({ amount: price(tier.giftAmount) })}</span>
      )}
      {tier.points > 0 && (
        <span className={styles.tierExtra}>{LL.recharge.tierPoints({ points: tier.points })}</span>
      )}
      {tier.coupons.map((coupon) => (
        <span key={coupon.templateId} className={styles.tierExtra}>
          {LL.recharge.tierCoupon({ name: coupon.name, quantity: coupon.quantity })}
        </span>
      ))}
      {tier.limitCards.map((card) => (
        <span key={`card-${card.templateId}`} className={styles.tierExtra}>
          {LL.recharge.tierLimitCard({ name: card.name, quantity: card.quantity })}
        </span>
      ))}
    </label>
  );
}

function FreeAmount({ actor, limits }: { actor: RechargeRef; limits: { min: number; max: number } }) {
  const { LL } = useI18nContext();
  const price = usePriceFormatter();
  const text = useSelector(actor, selectAmountText);
  const invalid = useSelector(actor, selectAmountError);
  const range = { min: price(limits.min), max: price(limits.max) };
  return (
    <div className={styles.free}>
      <label className={styles.freeLabel} htmlFor="recharge-amount">
        {LL.recharge.freeLabel()}
      </label>
      <input
        id="recharge-amount"
        className={styles.freeInput}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby="recharge-amount-hint"
        onChange={(event) => actor.send({ type: 'recharge.amount', value: event.target.value })}
      />
      {invalid ? (
        <p id="recharge-amount-hint" className={styles.fieldError} role="alert">
          {LL.recharge.freeInvalid(range)}
        </p>
      ) : (
        <p id="recharge-amount-hint" className={styles.hint}>
          {LL.recharge.freeHint(range)}
        </p>
      )}
    </div>
  );
}

function Summary({ actor }: { actor: RechargeRef }) {
  const { LL } = useI18nContext();
  const price = usePriceFormatter();
  const payOptions = useSelector(actor, selectPayOptions);
  const amount = useSelector(actor, selectAmount);
  const tier = useSelector(actor, selectChosenTier);
  const freeGift = useSelector(actor, selectFreeGift);
  if (amount === null) return null;
  const gift = tier ? tier.giftAmount : freeGift;
  const extras = [
    ...(tier && tier.points > 0 ? [LL.recharge.tierPoints({ points: tier.points })] : []),
    ...(tier?.coupons ?? []).map((c) => LL.recharge.tierCoupon({ name: c.name, quantity: c.quantity })),
    ...(tier?.limitCards ?? []).map((c) => LL.recharge.tierLimitCard({ name: c.name, quantity: c.quantity })),
  ];
  return (
    <section className={styles.section} aria-labelledby="recharge-summary" data-testid="recharge-summary">
      <h2 id="recharge-summary" className={styles.title}>
        {LL.recharge.summaryTitle()}
      </h2>
      <dl className={styles.summary}>
        <dt>{LL.recharge.youPay()}</dt>
        <dd>{price(amount)}</dd>
        <dt>{LL.recharge.cardGets()}</dt>
        <dd className={styles.strong}>{gift > 0 ? `${price(amount)} + ${price(gift)}` : price(amount)}</dd>
        {extras.length > 0 && (
          <>
            <dt>{LL.recharge.extras()}</dt>
            <dd>{extras.join(' · ')}</dd>
          </>
        )}
      </dl>
      <p className={styles.hint} style={{ marginTop: '0.75rem' }}>
        {payOptions.length === 1 ? `${payOptions[0]!.name} · ` : ''}
        {LL.recharge.onlineHint()}
      </p>
    </section>
  );
}

function Notice({ actor }: { actor: RechargeRef }) {
  const { LL } = useI18nContext();
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  const text = noticeText(notice, LL) ?? (error ? errorText(LL, error) : null);
  if (!text) return null;
  return (
    <div className={styles.alert} role="alert" data-testid="recharge-notice">
      <p>{text}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={LL.recharge.dismiss()}
        onClick={() => actor.send({ type: 'recharge.dismiss' })}
      >
        ×
      </button>
    </div>
  );
}

function noticeText(notice: RechargeNotice | null, LL: ReturnType<typeof useI18nContext>['LL']) {
  if (!notice) return null;
  if (notice.kind === 'ended') return LL.recharge.ended[notice.state]();
  return notice.rejection.message;
}

/** Member-only: a visitor without a proved phone logs in, one without a card registers. */
export function RechargeGate({ kind, back }: { kind: 'login' | 'register'; back: string }) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  return kind === 'login' ? (
    <EmptyState
      icon="user"
      title={LL.recharge.loginFirst()}
      action={
        <LinkButton href={navigation.href('/pages/user/login', { redirect: back })}>
          {LL.recharge.goToLogin()}
        </LinkButton>
      }
    />
  ) : (
    <EmptyState
      icon="user"
      title={LL.recharge.registerFirst()}
      action={
        <LinkButton href={navigation.href('/member/register')}>{LL.recharge.goToRegister()}</LinkButton>
      }
    />
  );
}
