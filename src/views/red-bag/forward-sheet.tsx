// "Forward to a friend" for a forwardable coupon: a button, and a share sheet with the single-use link
// once it is made (its making, or its failure with a retry, in the sheet meanwhile).
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { ErrorView } from '../ui/error-view';
import { Skeleton } from '../ui/skeleton';
import { ShareSheet } from './share-sheet';
import styles from './red-bag.module.css';

export interface ForwardSheetProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  status: 'making' | 'failed' | 'ready';
  link: string | null;
  error: string | null;
  onRetry: () => void;
  /** The words sent with the link. */
  text: string;
}

export function ForwardSheet(props: ForwardSheetProps) {
  const { LL } = useI18nContext();
  return (
    <>
      <Button
        variant="secondary"
        block
        onClick={props.onOpen}
        aria-haspopup="dialog"
        data-testid="forward-open"
      >
        {LL.redBag.forward.action()}
      </Button>
      <ShareSheet
        open={props.open}
        onClose={props.onClose}
        title={LL.redBag.forward.title()}
        hint={LL.redBag.forward.hint()}
        link={props.status === 'ready' ? props.link : null}
        text={props.text}
        pending={
          props.status === 'failed' ? (
            <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />
          ) : (
            <div role="status" aria-busy="true" className={styles.actions}>
              <span className="visually-hidden">{LL.redBag.forward.making()}</span>
              <Skeleton width="11rem" height="11rem" style={{ alignSelf: 'center' }} />
              <Skeleton width="100%" height="2.75rem" />
            </div>
          )
        }
      />
    </>
  );
}
