// The bottom sheet of "Ask for the bill": one person pays all, equal shares (how many), each guest their own
// rounds, or picked items. Asking freezes the bill and stops the table fee.
import type { SplitMode, SplitRequest } from '../../domain/api/open-table';
import { MAX_SPLIT_PARTS } from '../../domain/api/open-table';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import styles from './open-table.module.css';

export interface SplitSheetProps {
  open: boolean;
  split: SplitRequest;
  /** Guests at the table: the first number of equal shares offered. */
  guests: number;
  busy: boolean;
  onChoose: (split: SplitRequest) => void;
  onClose: () => void;
  onConfirm: () => void;
}

const MODES: SplitMode[] = ['all', 'equal', 'guest', 'items'];

export function SplitSheet({ open, split, guests, busy, onChoose, onClose, onConfirm }: SplitSheetProps) {
  const { LL } = useI18nContext();
  const T = LL.openTable.split;
  const shares = split.mode === 'equal' ? split.parts : Math.min(Math.max(guests, 2), MAX_SPLIT_PARTS);
  const choose = (mode: SplitMode) =>
    onChoose(mode === 'equal' ? { mode, parts: shares } : ({ mode } as SplitRequest));
  const text: Record<SplitMode, [string, string]> = {
    all: [T.all(), T.allHint()],
    equal: [T.equal(), T.equalHint()],
    guest: [T.guest(), T.guestHint()],
    items: [T.items(), T.itemsHint()],
  };
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={T.title()}
      footer={
        <div className={styles.noticeActions} style={{ marginTop: 0 }}>
          <Button variant="secondary" block onClick={onClose} disabled={busy}>
            {T.cancel()}
          </Button>
          <Button block onClick={onConfirm} busy={busy} disabled={busy} data-testid="split-confirm">
            {T.confirm()}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.options}>
        <legend className="visually-hidden">{T.title()}</legend>
        {MODES.map((mode) => (
          <label key={mode} className={styles.option}>
            <input
              type="radio"
              name="split"
              value={mode}
              checked={split.mode === mode}
              onChange={() => choose(mode)}
            />
            <span className={styles.optionTitle}>{text[mode][0]}</span>
            <span className={styles.optionHint}>{text[mode][1]}</span>
          </label>
        ))}
      </fieldset>
      {split.mode === 'equal' && (
        <div className={styles.stepper}>
          <span id="split-shares">{T.shares()}</span>
          <div className={styles.stepperControls} role="group" aria-labelledby="split-shares">
            <button
              type="button"
              className={styles.stepButton}
              aria-label={T.fewer()}
              disabled={shares <= 2}
              onClick={() => onChoose({ mode: 'equal', parts: shares - 1 })}
            >
              <Icon name="minus" size={1} />
            </button>
            <output className={styles.stepValue} aria-live="polite" data-testid="split-shares">
              {shares}
            </output>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={T.more()}
              disabled={shares >= MAX_SPLIT_PARTS}
              onClick={() => onChoose({ mode: 'equal', parts: shares + 1 })}
            >
              <Icon name="plus" size={1} />
            </button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
