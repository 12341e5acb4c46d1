// The shop status notice of spec §4: expired or stopped (a fastfood shop offers ordering at the table),
// closed, or outside the hours of the chosen order type.
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export type ShopStatusNotice = 'expired' | 'stopped' | 'closed' | 'outsideHours';

export interface ShopStatusDialogProps {
  notice: ShopStatusNotice | null;
  hours: string;
  /** Confirming switches a fastfood shop's customer to ordering at the table. */
  offersTable: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

export function ShopStatusDialog({
  notice,
  hours,
  offersTable,
  onConfirm,
  onDismiss,
}: ShopStatusDialogProps) {
  const { LL } = useI18nContext();
  const text =
    notice === 'expired'
      ? LL.shopStatus.expired()
      : notice === 'stopped'
        ? LL.shopStatus.stopped()
        : notice === 'closed'
          ? LL.shopStatus.closed()
          : notice === 'outsideHours'
            ? LL.shopStatus.outsideHours({ hours })
            : '';
  const expiredLike = notice === 'expired' || notice === 'stopped';
  return (
    <Dialog
      open={notice !== null}
      onClose={expiredLike ? onConfirm : onDismiss}
      title={LL.shopStatus.title()}
      footer={
        expiredLike && offersTable ? (
          <Button onClick={onConfirm}>{LL.shopStatus.orderAtTable()}</Button>
        ) : (
          <Button onClick={expiredLike ? onConfirm : onDismiss}>{LL.app.ok()}</Button>
        )
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
