// A moment named the way a shop's customers name it: a date and a clock time in the shop's own time zone.
// Shared by the order calls (delivery, pickup and appointment times) and the appointment calls.
import { z } from 'zod';

/** A shop-local calendar date, `YYYY-MM-DD`. */
export const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A shop-local clock time, `HH:mm` (00:00–23:59). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** A day and a clock time in the shop's own time zone. */
export const localDateTime = z.object({ date: localDate, time: clockTime });
export type LocalDateTime = z.infer<typeof localDateTime>;
