// A link to share, in a bottom sheet: the link itself to copy, its QR code for a friend beside the
// customer to scan, and the phone's own share menu where the browser has one. The QR library loads only
// when a sheet opens, so the pages that merely may share do not carry it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';
import styles from './red-bag.module.css';

export interface ShareSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  /** null while the link is being made. */
  link: string | null;
  /** The words the phone's share menu sends with the link. */
  text: string;
  /** Shown instead of the link (making it, or its failure with a retry). */
  pending?: ReactNode;
}

function useQrCode(link: string | null): string | null {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(link, { margin: 1, width: 352, errorCorrectionLevel: 'M' }))
      .then(
        (url) => {
          if (live) setImage({ link, url });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [link]);
  return image && image.link === link ? image.url : null;
}

export function ShareSheet({ open, onClose, title, hint, link, text, pending }: ShareSheetProps) {
  const { LL } = useI18nContext();
  const qr = useQrCode(open ? link : null);
  const [status, setStatus] = useState<'copied' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setStatus('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for a manual copy.
      input.current?.select();
      setStatus('failed');
    }
  };
  const share = () => {
    if (!link) return;
    navigator.share({ title, text, url: link }).catch(() => undefined);
  };

  return (
    <BottomSheet
      open={open}
      onClose={() => {
        setStatus(null);
        onClose();
      }}
      title={title}
    >
      <div className={styles.shareBody} data-testid="share-sheet">
        <p className={styles.empty}>{hint}</p>
        {link ? (
          <>
            <div className={styles.qr}>
              {qr ? (
                <img src={qr} alt={LL.redBag.share.qr()} data-testid="share-qr" />
              ) : (
                <Skeleton width="100%" height="100%" />
              )}
            </div>
            <label className={styles.linkField} htmlFor={fieldId}>
              {LL.redBag.share.link()}
              <input
                id={fieldId}
                ref={input}
                readOnly
                value={link}
                data-testid="share-link"
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
            <Button block onClick={() => void copy()}>
              {LL.redBag.share.copy()}
            </Button>
            {canShare && (
              <Button block variant="secondary" onClick={share}>
                {LL.redBag.share.more()}
              </Button>
            )}
            <p className={styles.status} role="status">
              {status === 'copied'
                ? LL.redBag.share.copied()
                : status === 'failed'
                  ? LL.redBag.share.copyFailed()
                  : ''}
            </p>
          </>
        ) : (
          pending
        )}
      </div>
    </BottomSheet>
  );
}
