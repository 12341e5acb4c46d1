// The in-page QR scanner of spec §2 dine-in (a customer already in the page scans the table code): the
// camera through @zxing/browser, stopped when the caller aborts. Camera failures are sorted into the
// kinds spec §8's "scan camera failure" message family needs; the library loads only when a scan starts.

export type ScanErrorKind = 'permissionDenied' | 'noCamera' | 'unsupported' | 'cameraFailure' | 'aborted';

export class ScanError extends Error {
  override readonly name = 'ScanError';
  constructor(
    readonly kind: ScanErrorKind,
    message: string = kind,
  ) {
    super(message);
  }
}

/** The kind of a camera failure (getUserMedia's DOMException names). */
export function scanErrorKind(error: unknown): ScanErrorKind {
  if (error instanceof ScanError) return error.kind;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'permissionDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noCamera';
  if (name === 'AbortError') return 'aborted';
  return 'cameraFailure';
}

export interface ScanOptions {
  video: HTMLVideoElement;
  signal?: AbortSignal;
}

/** Reads one QR code from the back camera into `video`; resolves with its text. */
export async function scanQrCode({ video, signal }: ScanOptions): Promise<string> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia)
    throw new ScanError('unsupported');
  if (signal?.aborted) throw new ScanError('aborted');
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  return new Promise<string>((resolve, reject) => {
    let stop: (() => void) | null = null;
    let finished = false;
    const finish = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      stop?.();
      outcome();
    };
    signal?.addEventListener('abort', () => finish(() => reject(new ScanError('aborted'))), { once: true });
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
        if (result) finish(() => resolve(result.getText()));
      })
      .then((controls) => {
        stop = () => controls.stop();
        if (finished) controls.stop();
      })
      .catch((error: unknown) => finish(() => reject(new ScanError(scanErrorKind(error), String(error)))));
  });
}
