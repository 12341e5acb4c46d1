// Why the cart refused an add or a quantity change (text key cart.refused.<reason>), with one button.
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Open while `text` is not null; closing (button, Escape) calls `onClose`. */
export function RefusalDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Dialog
      open={text !== null}
      onClose={onClose}
      title={LL.cart.refusedTitle()}
      footer={
        <Button block onClick={onClose}>
          {LL.app.ok()}
        </Button>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
