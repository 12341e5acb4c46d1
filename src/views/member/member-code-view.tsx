// /member/bind-qrcode: the member code as a QR code and a barcode, the code in digits for a cashier to
// type, and the seconds before it is replaced. qrcode and jsbarcode's CODE128 encoder load with this page's
// chunk only.
import { useSelector } from '@xstate/react';
import * as code128 from 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
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

// A CommonJS module: bundlers and Node hand its class over at different depths.
const loaded = code128.default;
const Code128 = typeof loaded === 'function' ? loaded : loaded.default;

function Barcode({ value, label }: { value: string; label: string }) {
  // Only the CODE128 encoder (jsbarcode's main entry brings every symbology and both renderers): CODE128
  // carries any ASCII code, and its bits are drawn as one rect per bar. The digits are printed by the page
  // itself, larger.
  const bits = new Code128(value, {}).encode().data;
  const bars: { x: number; width: number }[] = [];
  for (let i = 0; i < bits.length; i++) {
    if (bits[i] !== '1') continue;
    const last = bars.at(-1);
    if (last && last.x + last.width === i) last.width += 1;
    else bars.push({ x: i, width: 1 });
  }
  return (
    <svg
      className={styles.barcode}
      viewBox={`0 0 ${bits.length} 80`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid="member-barcode"
    >
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={80} fill="#000" />
      ))}
    </svg>
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
