// Tab 3 (/pages/user/center, "my"): the login entry or the user's summary, and the language switch.
import { useState, type ReactNode } from 'react';
import type { UserInfo } from '../../domain/api/user';
import type { Member } from '../../domain/catalog';
import { catalogueLocaleOf } from '../../domain/enums';
import { useI18nContext } from '../../i18n/i18n-context';
import type { Locales } from '../../i18n/i18n-types';
import { LOCALE_LABELS, LOCALE_ORDER } from '../../i18n/locale';
import { Button, LinkButton } from '../ui/button';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { usePriceFormatter } from '../ui/shop-display';
import { Skeleton } from '../ui/skeleton';
import styles from './user.module.css';

export interface CenterViewProps {
  user: UserInfo | null;
  busy: boolean;
  onLanguage: (locale: Locales) => void;
  onLogout: () => void;
  /** The ways to the customer's coupons and the shop's offers (loaded beside the page). */
  coupons?: ReactNode;
}

export function CenterView({ user, busy, onLanguage, onLogout, coupons }: CenterViewProps) {
  const { LL, locale } = useI18nContext();
  // A new language's messages load lazily, so the screen keeps the old one for a moment after a tap. The
  // tap is what counts meanwhile: tapping back to the language still on screen must not be ignored.
  const [tapped, setTapped] = useState<{ choice: Locales; over: Locales } | null>(null);
  const current = tapped && tapped.over === locale ? tapped.choice : locale;
  const choose = (option: Locales) => {
    if (option === current) return;
    setTapped({ choice: option, over: locale });
    onLanguage(option);
  };
  const navigation = useNavigation();
  const format = usePriceFormatter();
  const member = user?.member ?? null;
  // The member was read in the language of its request; the level follows the language on screen. A reply
  // kept from before levelNames existed (offline replay) still has the name it was read with.
  const levelNames = member?.levelNames as Member['levelNames'] | undefined;
  const levelName = member
    ? levelNames?.[catalogueLocaleOf(locale) === 'zh-CN' ? 'zh' : 'en'] || member.levelName
    : '';
  const phone = user?.customer.phone ? maskPhone(user.customer.phone) : null;
  const name = user?.customer.nickname || phone || LL.info.user.guest();
  return (
    <Page withTabBar>
      <h1 className="visually-hidden">{LL.info.user.centerTitle()}</h1>
      <section className={styles.hero}>
        <div className={styles.avatar} aria-hidden="true">
          {user?.customer.avatar ? <img src={user.customer.avatar} alt="" /> : <Icon name="user" size={2} />}
        </div>
        <div className={styles.heroText}>
          {busy && !user ? (
            <Skeleton width="8rem" height="1.25rem" />
          ) : user ? (
            <>
              <p className={styles.heroName} data-testid="user-name">
                {name}
              </p>
              {user.customer.nickname && phone && <p className={styles.heroSub}>{phone}</p>}
            </>
          ) : (
            <>
              <p className={styles.heroName}>{LL.info.user.guest()}</p>
              <p className={styles.heroSub}>{LL.info.user.loginPrompt()}</p>
            </>
          )}
        </div>
        {user ? (
          <LinkButton variant="secondary" size="small" href={navigation.href('/pages/user/info')}>
            {LL.info.user.editInfo()}
          </LinkButton>
        ) : (
          <LinkButton size="small" href={navigation.href('/pages/user/login')}>
            {LL.info.user.loginEntry()}
          </LinkButton>
        )}
      </section>

      {member && (
        <section className={styles.card} aria-label={levelName}>
          <dl className={styles.stats}>
            <div>
              <dt>{LL.info.user.balance()}</dt>
              <dd>{format(member.amount)}</dd>
            </div>
            <div>
              <dt>{LL.info.user.giftBalance()}</dt>
              <dd>{format(member.giftAmount)}</dd>
            </div>
            <div>
              <dt>{LL.info.user.points()}</dt>
              <dd>{member.points}</dd>
            </div>
            <div>
              <dt>{LL.info.user.level()}</dt>
              <dd data-testid="level-name">{levelName}</dd>
            </div>
          </dl>
        </section>
      )}

      {coupons && <div className={styles.entries}>{coupons}</div>}

      <section className={styles.card} aria-labelledby="language-title">
        <h2 id="language-title" className={styles.cardTitle}>
          <Icon name="globe" size={1.125} />
          {LL.info.user.language()}
        </h2>
        <div className={styles.languages} role="radiogroup" aria-labelledby="language-title">
          {LOCALE_ORDER.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={option === current}
              lang={option}
              className={styles.language}
              onClick={() => choose(option)}
              data-locale={option}
            >
              {LOCALE_LABELS[option]}
            </button>
          ))}
        </div>
      </section>

      {user && (
        <div className={styles.footer}>
          <Button variant="secondary" block onClick={onLogout} disabled={busy}>
            {LL.info.user.logout()}
          </Button>
        </div>
      )}
    </Page>
  );
}

/** 13812345678 → 138****5678: the summary needs no full number on a shared screen. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\s/g, '');
  if (digits.length < 7) return digits;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
