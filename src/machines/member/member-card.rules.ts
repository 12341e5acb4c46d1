// What /member/index shows for a store/vipInfo reply (spec §2 member pages, §5 "Fast register: binding
// fails with code -1 when the phone is not a member. Web registration is allowed only if
// allowRegisterInWeb. Otherwise binding requires prior in-store registration").
import type { VipInfo } from '../../domain/api/member';

export type MemberCardState =
  /** The member settings are switched off (isFunctionOpen false). */
  | 'closed'
  /** No phone proved by an SMS login: log in first. */
  | 'guest'
  | 'member'
  /** Not a member, and the shop registers in the browser: register, or link a card from the counter. */
  | 'register'
  /** Not a member, and the shop registers only at its counter: say so, and offer to link such a card. */
  | 'inStore';

export function memberCardState(info: VipInfo): MemberCardState {
  if (!info.setting.isFunctionOpen) return 'closed';
  if (info.member) return 'member';
  if (info.reason === 'notLoggedIn' || !info.phone) return 'guest';
  return info.canRegister && info.setting.allowRegisterInWeb ? 'register' : 'inStore';
}

/** The member discount as percent off (a discount of 90 is 10% off), or null when there is none. */
export function percentOff(discount: number): number | null {
  const off = 100 - discount;
  return off > 0 && off < 100 ? off : null;
}

/** The card's name: the shop's card name, else the member settings' name (the view falls back to its own). */
export const cardName = (info: VipInfo): string => info.setting.cardName || info.setting.name;

export interface MemberForm {
  name: string;
  /** "YYYY-MM-DD" or "" for none. */
  birthday: string;
  gender: 0 | 1 | 2;
}

export type MemberFormProblem = 'nameRequired' | 'agreeRequired';

/** Spec §5 "name … required on user forms"; registering also needs the terms accepted. */
export function memberFormProblem(form: MemberForm, terms: boolean | null): MemberFormProblem | null {
  if (form.name.trim() === '') return 'nameRequired';
  if (terms === false) return 'agreeRequired';
  return null;
}

export type MemberNotifyKind = 'register' | 'charge';

/**
 * Which member prompt to show now (vip/getMemberNotifyInfo), each at most once per launch (spec §4: the
 * flags firstRegisterShowed and firstChargeShowed are cleared on launch): registering first, since a
 * customer who is not a member cannot top up.
 */
export function memberNotifyToShow(
  info: { showRegister: boolean; showFirstCharge: boolean },
  shown: { register: boolean; charge: boolean },
): MemberNotifyKind | null {
  if (info.showRegister && !shown.register) return 'register';
  if (info.showFirstCharge && !shown.charge) return 'charge';
  return null;
}
