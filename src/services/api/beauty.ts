// The appointment calls (spec §7 beauty/users, beauty/alreadyAppointmentTimes; docs/api.md "Appointments"),
// typed by the contract in src/domain/api/beauty.ts. A refused call rejects with an HttpError whose info is
// the contract's appointment refusal (reason, next free times, the change window); appointmentRejectionOf
// reads it, checking its shape by hand (the contract's appointmentRejectionInfo; tests/unit/services/
// appointment-rejection.test.ts holds the two together), because a page offers the next free times on the
// strength of it.
import type { AppointmentRejectionInfo, beautyContract, FreeTime } from '../../domain/api/beauty';
import { APPOINTMENT_REJECTIONS, APPOINTMENT_STATUSES } from '../../domain/api/beauty-rules';
import { isHttpError } from '../http';
import { contractCalls } from './call';

const call = contractCalls<typeof beautyContract>('beauty');

export const beautyApi = {
  users: call('users'),
  settings: call('settings'),
  availability: call('availability'),
  alreadyAppointmentTimes: call('alreadyAppointmentTimes'),
  hold: call('hold'),
  extendHold: call('extendHold'),
  releaseHold: call('releaseHold'),
  appointments: call('appointments'),
  appointmentDetail: call('appointmentDetail'),
  reschedule: call('reschedule'),
  cancel: call('cancel'),
};

const REASONS: readonly string[] = APPOINTMENT_REJECTIONS;
const STATUSES: readonly string[] = APPOINTMENT_STATUSES;
const isInt = (v: unknown) => Number.isSafeInteger(v);
const isText = (v: unknown) => typeof v === 'string';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function isFreeTime(v: unknown): v is FreeTime {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const t = v as Record<string, unknown>;
  return (
    typeof t.date === 'string' &&
    DATE.test(t.date) &&
    typeof t.time === 'string' &&
    CLOCK.test(t.time) &&
    typeof t.startAt === 'string' &&
    Array.isArray(t.serviceUserIds) &&
    t.serviceUserIds.length > 0 &&
    t.serviceUserIds.every(isInt)
  );
}

/** Each optional field of the refusal and the values it may take. */
const FIELDS: Record<string, (v: unknown) => boolean> = {
  nextFree: (v) => Array.isArray(v) && v.every(isFreeTime),
  changeDeadlineAt: isText,
  freeChangeHours: isInt,
  duration: isInt,
  limit: isInt,
  status: (v) => typeof v === 'string' && STATUSES.includes(v),
};

/** The refusal's known fields, or null when the info is not a refusal of the contract's shape. */
function readRejection(info: unknown): AppointmentRejectionInfo | null {
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return null;
  const record = info as Record<string, unknown>;
  if (typeof record.reason !== 'string' || !REASONS.includes(record.reason)) return null;
  const out: Record<string, unknown> = { reason: record.reason };
  for (const [key, valid] of Object.entries(FIELDS)) {
    if (record[key] === undefined) continue;
    if (!valid(record[key])) return null;
    out[key] =
      key === 'nextFree'
        ? (record[key] as FreeTime[]).map((t) => ({
            date: t.date,
            time: t.time,
            startAt: t.startAt,
            serviceUserIds: [...t.serviceUserIds],
          }))
        : record[key];
  }
  return out as AppointmentRejectionInfo;
}

/** The server's appointment refusal, or null when the failure was not one (a transport error, another kind). */
export function appointmentRejectionOf(error: unknown): AppointmentRejectionInfo | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  return readRejection(error.info);
}
