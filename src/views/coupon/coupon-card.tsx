// A coupon as the customer's lists show it: its value on the stub, its name, threshold, validity and scope,
// and why it cannot be used today (held by an unpaid order, outside its days).
import type { CouponRules } from '../../domain/api/activity';
import { CouponFace } from './coupon-picker-view';
import styles from './coupons.module.css';

export interface CouponCardProps {
  name: string;
  rules: CouponRules;
  /** Used or expired: drawn grey. */
  spent?: boolean;
  /** Words under the rules: "Held by an unpaid order", "Not valid today", "Used 2026-11-20". */
  notes?: readonly string[];
  href?: string;
}

export function CouponCard({ name, rules, spent, notes = [], href }: CouponCardProps) {
  const body = (
    <>
      <CouponFace value={rules.value} muted={spent} />
      <span className={styles.cardMain}>
        <span className={styles.cardTitle}>{name}</span>
        <span className={styles.muted}>{rules.threshold}</span>
        <span className={styles.muted}>{rules.validity}</span>
        <span className={styles.muted}>{rules.scope}</span>
        {notes.map((note) => (
          <span key={note} className={styles.tag}>
            {note}
          </span>
        ))}
      </span>
    </>
  );
  return href ? (
    <a
      className={styles.card}
      href={href}

      data-testid="coupon-card"
    >
      {body}
    </a>
  ) : (
    <div className={styles.card} data-testid="coupon-card">
      {body}
    </div>
  );
}
