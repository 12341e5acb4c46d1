// Texts of the red bag calls (expand, forward, times) in every runtime language, as LocalizedText for
// BusinessError and withMessage, and the worded rules of an expand red bag (spec §9 red bag texts).
import type { Locale } from '../../../src/domain/enums';
import { formatPrice } from '../../../src/pricing';
import type { LocalizedText } from '../../i18n';
import type { TextContext } from './coupon-texts';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

/** Refusals: each goes out with `info.reason` = its key. */
export const redBagRefusals = {
  bagNotFound: t(
    'This red bag was not found.',
    '没有找到该红包。',
    '沒有找到該紅包。',
    'Cette enveloppe rouge est introuvable.',
    'No se encontró este sobre rojo.',
  ),
  notForwardable: t(
    'This coupon cannot be forwarded.',
    '该优惠券不能转赠。',
    '該優惠券不能轉贈。',
    'Ce bon ne peut pas être transmis.',
    'Este cupón no se puede regalar.',
  ),
  couponNotAvailable: t(
    'Only a coupon that can still be used can be forwarded or received.',
    '只有仍可使用的优惠券才能转赠或领取。',
    '只有仍可使用的優惠券才能轉贈或領取。',
    'Seul un bon encore utilisable peut être transmis ou reçu.',
    'Solo se puede regalar o recibir un cupón que aún se pueda usar.',
  ),
  wrongKey: t(
    'This forward link is not valid or has already been used.',
    '该转赠链接无效或已被领取。',
    '該轉贈連結無效或已被領取。',
    "Ce lien de transfert n'est pas valable ou a déjà servi.",
    'Este enlace para regalar no es válido o ya se usó.',
  ),
  ownCoupon: t(
    'This coupon is already yours.',
    '该优惠券已经是您的了。',
    '該優惠券已經是您的了。',
    'Ce bon est déjà à vous.',
    'Este cupón ya es tuyo.',
  ),
  alreadyHolding: t(
    'You already hold a coupon of this kind, so this one cannot be added.',
    '您已持有同类优惠券，无法再领取。',
    '您已持有同類優惠券，無法再領取。',
    'Vous avez déjà un bon de ce type : celui-ci ne peut pas être ajouté.',
    'Ya tienes un cupón de este tipo, así que no se puede añadir este.',
  ),
} as const;
export type RedBagRefusal = keyof typeof redBagRefusals;

/** What a successful call says. */
export const redBagNotes = {
  bagReceived: t(
    'Your red bag is ready. Share it with friends to make it grow.',
    '红包已领取，分享给好友可以让它变大。',
    '紅包已領取，分享給好友可以讓它變大。',
    'Votre enveloppe rouge est prête. Partagez-la pour la faire grossir.',
    'Tu sobre rojo está listo. Compártelo con amigos para que crezca.',
  ),
  helped: t(
    "Thanks for helping! Your friend's red bag has grown, and you have one of your own.",
    '助力成功！好友的红包变大了，您也获得了自己的红包。',
    '助力成功！好友的紅包變大了，您也獲得了自己的紅包。',
    'Merci ! Son enveloppe rouge a grossi, et vous avez la vôtre.',
    '¡Gracias por ayudar! El sobre rojo de tu amigo creció y ya tienes el tuyo.',
  ),
  ownBag: t(
    'This is your own red bag: share it with friends to make it grow.',
    '这是您自己的红包，分享给好友助力吧。',
    '這是您自己的紅包，分享給好友助力吧。',
    "C'est votre propre enveloppe rouge : partagez-la avec vos amis.",
    'Este es tu propio sobre rojo: compártelo con tus amigos.',
  ),
  alreadyHelped: t(
    'You have already helped this red bag.',
    '您已经为该红包助力过了。',
    '您已經為該紅包助力過了。',
    'Vous avez déjà aidé cette enveloppe rouge.',
    'Ya ayudaste a este sobre rojo.',
  ),
  bagClosed: t(
    'This red bag can no longer grow (it was used or has expired).',
    '该红包已使用或已过期，无法再助力。',
    '該紅包已使用或已過期，無法再助力。',
    'Cette enveloppe rouge ne peut plus grossir (utilisée ou expirée).',
    'Este sobre rojo ya no puede crecer (se usó o caducó).',
  ),
  forwardReady: t(
    'Share this link with one friend: the first to open it gets the coupon.',
    '将链接分享给好友，第一个领取的人将获得该优惠券。',
    '將連結分享給好友，第一個領取的人將獲得該優惠券。',
    "Partagez ce lien avec un ami : le premier qui l'ouvre reçoit le bon.",
    'Comparte este enlace con un amigo: el primero que lo abra se queda el cupón.',
  ),
  forwardClaimed: t(
    'The coupon is now yours.',
    '优惠券已领取。',
    '優惠券已領取。',
    'Le bon est maintenant à vous.',
    'El cupón ya es tuyo.',
  ),
  rewardTaken: t(
    'Reward claimed.',
    '奖励已领取。',
    '獎勵已領取。',
    'Récompense obtenue.',
    'Premio obtenido.',
  ),
} as const;

interface ExpandWords {
  base: (a: string) => string;
  levelOne: (a: string) => string;
  levelTwo: (a: string) => string;
  max: (a: string) => string;
  minSpend: (a: string) => string;
  noMinimum: string;
}

const WORDS: Record<Locale, ExpandWords> = {
  en: {
    base: (a) => `Starts at ${a}`,
    levelOne: (a) => `Each friend who helps adds ${a}`,
    levelTwo: (a) => `When a friend's friend helps the bag you shared with them, yours grows by ${a}`,
    max: (a) => `Grows up to ${a}`,
    minSpend: (a) => `Use it on orders of ${a} or more`,
    noMinimum: 'No minimum spend',
  },
  'zh-CN': {
    base: (a) => `初始金额${a}`,
    levelOne: (a) => `每位好友助力增加${a}`,
    levelTwo: (a) => `好友的好友为其红包助力，您的红包再增加${a}`,
    max: (a) => `最高可达${a}`,
    minSpend: (a) => `订单满${a}可用`,
    noMinimum: '无门槛',
  },
  'zh-TW': {
    base: (a) => `初始金額${a}`,
    levelOne: (a) => `每位好友助力增加${a}`,
    levelTwo: (a) => `好友的好友為其紅包助力，您的紅包再增加${a}`,
    max: (a) => `最高可達${a}`,
    minSpend: (a) => `訂單滿${a}可用`,
    noMinimum: '無門檻',
  },
  fr: {
    base: (a) => `Commence à ${a}`,
    levelOne: (a) => `Chaque ami qui aide ajoute ${a}`,
    levelTwo: (a) => `Quand l'ami d'un ami aide l'enveloppe que vous lui avez partagée, la vôtre gagne ${a}`,
    max: (a) => `Jusqu'à ${a}`,
    minSpend: (a) => `Valable dès ${a} de commande`,
    noMinimum: "Pas de minimum d'achat",
  },
  es: {
    base: (a) => `Empieza en ${a}`,
    levelOne: (a) => `Cada amigo que ayuda suma ${a}`,
    levelTwo: (a) => `Cuando el amigo de un amigo ayuda al sobre que le compartiste, el tuyo crece ${a}`,
    max: (a) => `Crece hasta ${a}`,
    minSpend: (a) => `Úsalo en pedidos desde ${a}`,
    noMinimum: 'Sin importe mínimo',
  },
};

export interface ExpandFigures {
  baseAmount: number;
  levelOneReward: number;
  levelTwoReward: number;
  maxAmount: number;
  minSpend: number;
}

/** One line per figure (a zero level-two reward is not mentioned). */
export function expandRuleTexts(f: ExpandFigures, ctx: TextContext): string[] {
  const w = WORDS[ctx.locale];
  const money = (amount: number) => formatPrice(amount, { locale: ctx.locale, ...ctx.money });
  return [
    w.base(money(f.baseAmount)),
    w.levelOne(money(f.levelOneReward)),
    ...(f.levelTwoReward > 0 ? [w.levelTwo(money(f.levelTwoReward))] : []),
    w.max(money(f.maxAmount)),
    f.minSpend > 0 ? w.minSpend(money(f.minSpend)) : w.noMinimum,
  ];
}

/** "137****5551": a phone as another customer may see it (never whole). */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '****';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
