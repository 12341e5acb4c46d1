// The shop's own texts (store/shopTexts): /pages/user/protocol (member terms and privacy notice),
// /pages/user/contact-shop (phone, address, hours, map) and /pages/user/wechat-group (the group's QR image
// or a clear "no group"). Each shows a skeleton while loading and the error view with retry.
import { useState, type ReactNode } from 'react';
import type { ShopTextsInfo } from '../../domain/api/member';
import { useI18nContext } from '../../i18n/i18n-context';
import { ErrorView } from '../ui/error-view';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState } from '../ui/state-views';
import { MemberIcon, type MemberIconName } from './member-icons';
import styles from './member.module.css';

export interface ShopTextsViewProps {
  texts: ShopTextsInfo | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
}

function Loaded({
  texts,
  loading,
  failed,
  error,
  onRetry,
  children,
}: ShopTextsViewProps & { children: (texts: ShopTextsInfo) => ReactNode }) {
  const { LL } = useI18nContext();
  if (failed) return <ErrorView message={error ?? undefined} onRetry={onRetry} />;
  if (loading || !texts)
    return (
      <SkeletonRegion label={LL.member.loading()}>
        <div className={styles.document}>
          {[90, 100, 80, 95, 60].map((width, i) => (
            <Skeleton key={i} width={`${width}%`} style={{ marginBottom: '0.75rem' }} />
          ))}
        </div>
      </SkeletonRegion>
    );
  return children(texts);
}

export function ProtocolView(props: ShopTextsViewProps & { initial?: 'terms' | 'privacy' }) {
  const { LL } = useI18nContext();
  const [tab, setTab] = useState<'terms' | 'privacy'>(props.initial ?? 'terms');
  return (
    <Loaded {...props}>
      {(texts) => {
        const doc = texts[tab];
        return (
          <>
            <div className={styles.tabs} role="tablist" aria-label={LL.member.protocol.tabs()}>
              {(['terms', 'privacy'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  id={`protocol-${key}`}
                  aria-selected={tab === key}
                  aria-controls="protocol-panel"
                  className={styles.tab}
                  onClick={() => setTab(key)}
                >
                  {texts[key].title}
                </button>
              ))}
            </div>
            <article
              id="protocol-panel"
              role="tabpanel"
              aria-labelledby={`protocol-${tab}`}
              className={styles.document}
            >
              <h2>{doc.title}</h2>
              {doc.body.trim() === '' ? (
                <p>{LL.member.protocol.empty()}</p>
              ) : (
                doc.body.split(/\n+/).map((paragraph, i) => <p key={i}>{paragraph}</p>)
              )}
            </article>
          </>
        );
      }}
    </Loaded>
  );
}

export function ContactView(props: ShopTextsViewProps) {
  const { LL } = useI18nContext();
  return (
    <Loaded {...props}>
      {({ contact }) => {
        const rows: {
          icon: MemberIconName;
          label: string;
          value: string;
          href?: string;
          hrefLabel?: string;
          testId: string;
        }[] = [
          {
            icon: 'phone',
            label: LL.member.contact.phone(),
            value: contact.phone || LL.member.contact.none(),
            href: contact.phone ? `tel:${contact.phone.replace(/[^\d+]/g, '')}` : undefined,
            hrefLabel: contact.phone ? LL.member.contact.call({ phone: contact.phone }) : undefined,
            testId: 'contact-phone',
          },
          {
            icon: 'location',
            label: LL.member.contact.address(),
            value: contact.address || LL.member.contact.none(),
            testId: 'contact-address',
          },
          {
            icon: 'clock',
            label: LL.member.contact.hours(),
            value: contact.hours || LL.member.contact.none(),
            testId: 'contact-hours',
          },
        ];
        return (
          <section className={styles.section}>
            <ul className={styles.rows}>
              {rows.map((row) => (
                <li key={row.testId}>
                  {row.href ? (
                    <a
                      className={styles.row}
                      href={row.href}
                      aria-label={row.hrefLabel}
                      data-testid={row.testId}
                    >
                      <MemberIcon name={row.icon} className={styles.rowIcon} size={1.375} />
                      <span className={styles.rowText}>
                        <span className={styles.rowHint}>{row.label}</span>
                        <br />
                        {row.value}
                      </span>
                      <MemberIcon name="chevron" className={styles.chevron} size={1.125} />
                    </a>
                  ) : (
                    <div className={styles.row} data-testid={row.testId}>
                      <MemberIcon name={row.icon} className={styles.rowIcon} size={1.375} />
                      <span className={styles.rowText}>
                        <span className={styles.rowHint}>{row.label}</span>
                        <br />
                        {row.value}
                      </span>
                    </div>
                  )}
                </li>
              ))}
              {contact.mapUrl && (
                <li>
                  <a
                    className={styles.row}
                    href={contact.mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="contact-map"
                  >
                    <MemberIcon name="map" className={styles.rowIcon} size={1.375} />
                    <span className={styles.rowText}>{LL.member.contact.map()}</span>
                    <MemberIcon name="chevron" className={styles.chevron} size={1.125} />
                  </a>
                </li>
              )}
            </ul>
          </section>
        );
      }}
    </Loaded>
  );
}

export function GroupView(props: ShopTextsViewProps) {
  const { LL } = useI18nContext();
  return (
    <Loaded {...props}>
      {({ wechatGroup }) =>
        wechatGroup ? (
          <section className={styles.codeCard}>
            <MemberIcon name="group" size={2} className={styles.rowIcon} />
            <p className={styles.pinHint} style={{ marginTop: '0.5rem' }}>
              {LL.member.group.scan()}
            </p>
            <img
              className={styles.groupImage}
              src={wechatGroup.image}
              alt={LL.member.group.image()}
              data-testid="group-image"
            />
            {wechatGroup.note && <p className={styles.codeText}>{wechatGroup.note}</p>}
          </section>
        ) : (
          <EmptyState icon="empty" title={LL.member.group.none()} description={LL.member.group.noneHint()} />
        )
      }
    </Loaded>
  );
}
