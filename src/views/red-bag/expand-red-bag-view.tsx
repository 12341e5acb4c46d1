// The red bag page (spec §2 /product/expand-red-bag, §9 red bag texts): a red envelope with the bag's
// value and how far it is from the cap, the one action the viewer has (get, help, log in, share, claim a
// forwarded coupon), then the rules and the friends who helped. What the viewer may do is the flow's
// screen; this view only draws it.
import type { ReactNode } from 'react';
import type { CouponOffer, ExpandRedBag, ExpandRules } from '../../domain/api/activity';
import { useI18nContext } from '../../i18n/i18n-context';
import { bagProgress, type RedBagScreen } from '../../machines/coupon/expand-red-bag.selectors';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { LinkButton } from '../ui/button';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './red-bag.module.css';

export interface ExpandRedBagViewProps {
  screen: RedBagScreen;
  /** The activity's name, over an envelope that holds no bag yet. */
  name: string | null;
  bag: ExpandRedBag | null;
  /** After a help: the viewer's own new bag. */
  ownBag: ExpandRedBag | null;
  rules: ExpandRules | null;
  forwardedOffer: CouponOffer | null;
  loggedIn: boolean;
  refreshing: boolean;
  claiming: boolean;
  /** A refusal, in words. */
  notice: string | null;
  /** A failure, in words. */
  error: string | null;
  onClaim: () => void;
  onLogin: () => void;
  onRetry: () => void;
  onRefresh: () => void;
  onShare: () => void;
  menuHref: string;
  couponsHref: string;
  /** The viewer's own bag, when the one on screen is someone else's. */
  viewerBagHref: string | null;
  /** The share sheet (open or closed). */
  shareSheet?: ReactNode;
}

function Gold({
  children,
  onClick,
  busy,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={styles.gold}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

function BagFace({ bag, title }: { bag: ExpandRedBag; title: string }) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const progress = bagProgress(bag);
  return (
    <>
      <p className={styles.owner}>{title}</p>
      <p className={styles.valueLabel}>{LL.redBag.bag.value()}</p>
      <p className={styles.value} data-testid="bag-value">
        {format(progress.value)}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={LL.redBag.bag.progress({ value: format(progress.value), max: format(progress.max) })}
      >
        <span style={{ width: `${progress.percent}%` }} />
      </div>
      <p className={styles.toMax} data-testid="bag-to-max">
        {progress.remaining > 0
          ? LL.redBag.bag.toMax({ amount: format(progress.remaining), max: format(progress.max) })
          : LL.redBag.bag.maxReached({ max: format(progress.max) })}
      </p>
    </>
  );
}

export function ExpandRedBagView(props: ExpandRedBagViewProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { screen, bag, rules } = props;

  if (screen === 'loading')
    return (
      <SkeletonRegion label={LL.redBag.loading()}>
        <div className={styles.stack}>
          <CardSkeleton />
          <CardSkeleton />
        </div>
      </SkeletonRegion>
    );
  if (screen === 'failed') return <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  if (screen === 'missing')
    return (
      <EmptyState
        title={LL.redBag.missing.title()}
        description={LL.redBag.missing.hint()}
        action={<LinkButton href={props.menuHref}>{LL.redBag.toMenu()}</LinkButton>}
      />
    );

  const titleOf = (b: ExpandRedBag) =>
    b.mine ? LL.redBag.bag.yours() : LL.redBag.bag.friends({ owner: b.owner });
  const usable = rules
    ? rules.minSpend > 0
      ? LL.redBag.bag.usable({ min: format(rules.minSpend) })
      : LL.redBag.bag.usableNoMin()
    : null;
  const useNow = (
    <a className={styles.plain} href={props.menuHref}>
      {LL.redBag.useNow()}
    </a>
  );
  const toMenu = (
    <a className={styles.plain} href={props.menuHref}>
      {LL.redBag.toMenu()}
    </a>
  );
  const ownLink = props.viewerBagHref && (
    <a className={styles.gold} href={props.viewerBagHref} data-testid="open-own-bag">
      {LL.redBag.thanked.open()}
    </a>
  );

  let envelope: ReactNode;
  switch (screen) {
    case 'receive':
      envelope = (
        <>
          <div className={styles.seal} aria-hidden="true">
            ★
          </div>
          {props.name && <p className={styles.owner}>{props.name}</p>}
          <h2 className={styles.title}>{LL.redBag.receive.title()}</h2>
          {rules && (
            <p className={styles.hint}>
              {LL.redBag.receive.hint({
                base: format(rules.baseAmount),
                reward: format(rules.levelOneReward),
                max: format(rules.maxAmount),
              })}
            </p>
          )}
          <div className={styles.envelopeActions}>
            <Gold onClick={props.onClaim} busy={props.claiming} testId="bag-receive">
              {LL.redBag.receive.action()}
            </Gold>
            {toMenu}
          </div>
        </>
      );
      break;
    case 'own':
      envelope = bag && (
        <>
          <BagFace bag={bag} title={titleOf(bag)} />
          {usable && <p className={styles.usable}>{usable}</p>}
          <div className={styles.envelopeActions}>
            <Gold onClick={props.onShare} testId="bag-share">
              {LL.redBag.share.action()}
            </Gold>
            {useNow}
          </div>
        </>
      );
      break;
    case 'help':
      envelope = bag && (
        <>
          <BagFace bag={bag} title={titleOf(bag)} />
          {rules && (
            <p className={styles.hint}>
              {LL.redBag.help.hint({ reward: format(rules.levelOneReward), owner: bag.owner })}
            </p>
          )}
          <div className={styles.envelopeActions}>
            <Gold onClick={props.onClaim} busy={props.claiming} testId="bag-help">
              {LL.redBag.help.action()}
            </Gold>
          </div>
        </>
      );
      break;
    case 'thanked':
      envelope = bag && (
        <>
          <h2 className={styles.thanks}>{LL.redBag.thanked.title()}</h2>
          <BagFace bag={bag} title={titleOf(bag)} />
          <p className={styles.hint} role="status">
            {LL.redBag.thanked.grew({ owner: bag.owner, amount: format(bag.value) })}
          </p>
          {props.ownBag && (
            <p className={styles.hint} data-testid="own-new-bag">
              {LL.redBag.thanked.yours({ amount: format(props.ownBag.value) })}
            </p>
          )}
          <div className={styles.envelopeActions}>
            {ownLink}
            {useNow}
          </div>
        </>
      );
      break;
    case 'helped':
      envelope = bag && (
        <>
          <BagFace bag={bag} title={titleOf(bag)} />
          <p className={styles.hint}>{LL.redBag.helped.title()}</p>
          <div className={styles.envelopeActions}>
            {ownLink}
            {useNow}
          </div>
        </>
      );
      break;
    case 'closed':
      envelope = bag && (
        <>
          <BagFace bag={bag} title={titleOf(bag)} />
          <p className={styles.hint}>
            {bag.state === 'reserved'
              ? LL.redBag.closed.reserved()
              : bag.state === 'expired'
                ? LL.redBag.closed.expired()
                : LL.redBag.closed.used()}
          </p>
          <div className={styles.envelopeActions}>
            {ownLink}
            {useNow}
          </div>
        </>
      );
      break;
    case 'loginRequired':
      envelope = (
        <>
          {bag ? (
            <BagFace bag={bag} title={titleOf(bag)} />
          ) : (
            <>
              <div className={styles.seal} aria-hidden="true">
                ★
              </div>
              {props.name && <p className={styles.owner}>{props.name}</p>}
              <h2 className={styles.title}>{LL.redBag.receive.title()}</h2>
            </>
          )}
          <p className={styles.hint}>{bag ? LL.redBag.signIn.hint() : LL.redBag.signIn.getHint()}</p>
          <div className={styles.envelopeActions}>
            <Gold onClick={props.onLogin} testId="bag-login">
              {LL.redBag.signIn.action()}
            </Gold>
            {toMenu}
          </div>
        </>
      );
      break;
    case 'forwarded':
    case 'forwardClaimed':
    case 'forwardRefused': {
      const offer = props.forwardedOffer;
      envelope = (
        <>
          <p className={styles.owner}>{LL.redBag.forward.claimTitle()}</p>
          {offer && (
            <>
              <p className={styles.value}>{offer.rules.value}</p>
              <p className={styles.toMax}>{offer.name}</p>
              <p className={styles.usable}>{offer.rules.threshold}</p>
              <p className={styles.usable}>{offer.rules.validity}</p>
            </>
          )}
          {screen === 'forwarded' && (
            <>
              <p className={styles.hint}>{LL.redBag.forward.from()}</p>
              <div className={styles.envelopeActions}>
                <Gold onClick={props.onClaim} busy={props.claiming} testId="forward-claim">
                  {props.loggedIn ? LL.redBag.forward.claim() : LL.redBag.forward.loginToClaim()}
                </Gold>
              </div>
            </>
          )}
          {screen === 'forwardClaimed' && (
            <>
              <p className={styles.hint} role="status">
                {LL.redBag.forward.claimed()}
              </p>
              <div className={styles.envelopeActions}>
                <a className={styles.gold} href={props.couponsHref}>
                  {LL.redBag.times.viewCoupons()}
                </a>
                {useNow}
              </div>
            </>
          )}
          {screen === 'forwardRefused' && (
            <>
              <p className={styles.hint}>{LL.redBag.forward.gone()}</p>
              <div className={styles.envelopeActions}>{useNow}</div>
            </>
          )}
        </>
      );
      break;
    }
  }

  const helps =
    bag && screen !== 'forwarded' && screen !== 'forwardClaimed' && screen !== 'forwardRefused'
      ? bag.helps
      : null;
  return (
    <div className={styles.stack}>
      {props.refreshing && (
        <p className="visually-hidden" role="status">
          {LL.redBag.refreshing()}
        </p>
      )}
      {props.notice && (
        <p className={styles.notice} role="alert">
          {props.notice}
        </p>
      )}
      {props.error && (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      )}
      <section
        className={styles.envelope}
        aria-label={LL.redBag.title()}
        data-testid="red-bag"
        data-screen={screen}
      >
        {envelope}
      </section>
      {rules && screen !== 'forwarded' && screen !== 'forwardClaimed' && screen !== 'forwardRefused' && (
        <section className={styles.card} aria-labelledby="red-bag-rules">
          <h2 id="red-bag-rules" className={styles.cardTitle}>
            {LL.redBag.rules.title()}
          </h2>
          <ul className={styles.rules} data-testid="bag-rules">
            {rules.texts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}
      {helps && (
        <section className={styles.card} aria-labelledby="red-bag-helps">
          <h2 id="red-bag-helps" className={styles.cardTitle}>
            {LL.redBag.helps.title()}
          </h2>
          {helps.length === 0 ? (
            <p className={styles.empty}>
              {bag?.mine ? LL.redBag.helps.empty() : LL.redBag.helps.emptyFriend()}
            </p>
          ) : (
            <ul className={styles.helps} data-testid="bag-helps">
              {helps.map((help) => (
                <li key={`${help.helper}-${help.at}`} className={styles.help}>
                  <span className={styles.helpAvatar} aria-hidden="true">
                    <Icon name="user" size={1.125} />
                  </span>
                  <span className={styles.helpMain}>
                    <span className={styles.helpName}>{help.helper}</span>
                    <span className={styles.muted}>
                      {help.level === 1 ? LL.redBag.helps.level1() : LL.redBag.helps.level2()}
                    </span>
                  </span>
                  <span className={styles.helpAmount}>
                    {LL.redBag.helps.amount({ amount: format(help.amount) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {(screen === 'own' || screen === 'helped' || screen === 'thanked') && (
            <button
              type="button"
              className={styles.refresh}
              onClick={props.onRefresh}
              disabled={props.refreshing}
            >
              {LL.redBag.refresh()}
            </button>
          )}
        </section>
      )}
      {props.shareSheet}
    </div>
  );
}
