// Modal dialog and bottom sheet on the native <dialog>: showModal() makes the rest of the page inert, so
// focus stays inside, and Escape closes it (the browser's cancel event, forwarded to onClose).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from './icons';
import styles from './dialog.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Hide the visible title (the dialog keeps it as its accessible name). */
  hideTitle?: boolean;
}

interface SheetProps extends ModalProps {
  /** The footer brings its own padding and surface (the cart bar at the foot of the cart sheet). */
  flushFooter?: boolean;
}

function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, []);
  return ref;
}

export function Dialog({ open, onClose, title, children, footer, hideTitle }: ModalProps) {
  const ref = useModal(open, onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId}>
      {open && (
        <>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </>
      )}
    </dialog>
  );
}

export function BottomSheet({ open, onClose, title, children, footer, hideTitle, flushFooter }: SheetProps) {
  const ref = useModal(open, onClose);
  const { LL } = useI18nContext();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles.sheet}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className={styles.sheetInner}>
          <div className={styles.sheetHead}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={LL.app.close()}>
              <Icon name="close" size={1.25} />
            </button>
          </div>
          <div className={styles.sheetBody}>{children}</div>
          {footer && (
            <div className={flushFooter ? styles.sheetFooterFlush : styles.sheetFooter}>{footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
}
