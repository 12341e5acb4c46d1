// /member/bind-qrcode: the member code as a QR code and a barcode, the code in digits for a cashier to
// type, and the seconds before it is replaced. qrcode and jsbarcode load with this page's chunk only.
import { useSelector } from '@xstate/react';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useI18nContext } from '../../i18n/i18n-context';
import type { memberCodeMachine } from '../../machines/member/member-code.machine';
import * as select from '../../machines/member/member-code.selectors';
import { Button } from '../ui/button';
import { ErrorView } from '../ui/error-view';
import { spacedCardNo } from './member-card-view';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import styles from './member.module.css';

export function MemberCodeView({ actor }: { actor: ActorRefFrom<typeof memberCodeMachine> }) {
  const { LL } = useI18nContext();
  const code = useSelector(actor, select.selectCode);
  const seconds = useSelector(actor, select.selectSecondsLeft);
  const firstLoad = useSelector(actor, select.selectIsFirstLoad);
  const refreshing = useSelector(actor, select.selectIsRefreshing);
  const failed = useSelector(actor, select.selectFailed);
  const error = useSelector(actor, select.selectError);
  if (failed)
    return <ErrorView message={error ?? undefined} onRetry={() => actor.send({ type: 'code.retry' })} />;
  if (firstLoad || !code)
    return (
      <SkeletonRegion label={LL.member.code.loading()}>
        <div className={styles.codeCard}>
          <Skeleton width="80%" height="5.5rem" />
          <Skeleton width="12.5rem" height="12.5rem" style={{ margin: '1rem auto', display: 'block' }} />
        </div>
      </SkeletonRegion>
    );
  return (
    <section
      className={styles.codeCard}
      aria-labelledby="member-code-title"
      aria-busy={refreshing || undefined}
    >
      <h2 id="member-code-title">{LL.member.code.title()}</h2>
      <p className={styles.pinHint}>{LL.member.code.hint()}</p>
      <Barcode value={code.code} label={LL.member.code.barcode()} />
      <p className={styles.codeText} data-testid="member-code-text">
        {LL.member.code.typed({ code: spacedCardNo(code.cardNo) })}
      </p>
      <QrImage value={code.code} label={LL.member.code.qr()} />
      <p className={styles.countdown} aria-live="off" data-testid="member-code-countdown">
        {LL.member.code.refreshIn({ seconds })}
      </p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'code.refresh' })} disabled={refreshing}>
        {LL.member.code.refresh()}
      </Button>
    </section>
  );
}

function Barcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    // CODE128 carries any ASCII code; the digits are printed by the page itself, larger.
    JsBarcode(ref.current, value, { format: 'CODE128', displayValue: false, margin: 0, height: 80 });
  }, [value]);
  return (
    <svg ref={ref} className={styles.barcode} role="img" aria-label={label} data-testid="member-barcode" />
  );
}

function QrImage({ value, label }: { value: string; label: string }) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 400, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (live) setImage({ value, url });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value]);
  // The previous code's image stays until the new one is drawn, so the QR never blinks out.
  return image ? (
    <img className={styles.qr} src={image.url} alt={label} data-testid="member-qr" data-code={image.value} />
  ) : (
    <Skeleton width="12.5rem" height="12.5rem" style={{ margin: '0.75rem auto', display: 'block' }} />
  );
}
