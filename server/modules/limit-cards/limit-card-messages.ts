// Texts of the limit card calls (store/limitCardList, store/limitCardUseList) and of an order that names a
// card (order/confirm's limitCardUnusable), in every runtime language, as LocalizedText for BusinessError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const limitCardMessages = {
  memberRequired: t(
    'Please register as a member of this shop first.',
    '请先注册成为本店会员。',
    '請先註冊成為本店會員。',
    'Inscrivez-vous d’abord comme membre de cette boutique.',
    'Regístrate primero como socio de esta tienda.',
  ),
  memberNotFound: t(
    'This member card was not found.',
    '未找到该会员卡。',
    '未找到該會員卡。',
    'Carte de membre introuvable.',
    'No se encontró esta tarjeta de socio.',
  ),
  cardNotFound: t(
    'This limit card was not found among your cards.',
    '您的卡包中没有这张次卡。',
    '您的卡包中沒有這張次卡。',
    'Cette carte à utilisations ne figure pas parmi vos cartes.',
    'Este bono de usos no está entre tus tarjetas.',
  ),
  cardExpired: t(
    'The limit card “{name}” expired on {date}.',
    '次卡“{name}”已于 {date} 过期。',
    '次卡「{name}」已於 {date} 過期。',
    'La carte « {name} » a expiré le {date}.',
    'El bono «{name}» caducó el {date}.',
  ),
  cardNotYetValid: t(
    'The limit card “{name}” can be used from {date}.',
    '次卡“{name}”自 {date} 起可用。',
    '次卡「{name}」自 {date} 起可用。',
    'La carte « {name} » est utilisable à partir du {date}.',
    'El bono «{name}» se puede usar desde el {date}.',
  ),
  cardUsedUp: t(
    'Every use of the limit card “{name}” is spent.',
    '次卡“{name}”的次数已用完。',
    '次卡「{name}」的次數已用完。',
    'Toutes les utilisations de la carte « {name} » sont épuisées.',
    'Ya se gastaron todos los usos del bono «{name}».',
  ),
  cardNotCovering: t(
    'The limit card “{name}” does not pay for anything in this cart.',
    '次卡“{name}”不适用于购物车中的商品。',
    '次卡「{name}」不適用於購物車中的商品。',
    'La carte « {name} » ne couvre aucun article de ce panier.',
    'El bono «{name}» no cubre nada de este carrito.',
  ),
  cardTaken: t(
    'Another order has just used the last uses of this limit card. Please confirm again.',
    '这张次卡的剩余次数刚被另一笔订单使用，请重新确认。',
    '這張次卡的剩餘次數剛被另一筆訂單使用，請重新確認。',
    'Une autre commande vient d’utiliser les dernières utilisations de cette carte. Confirmez à nouveau.',
    'Otro pedido acaba de usar los últimos usos de este bono. Confirma de nuevo.',
  ),
  shopMismatch: t(
    'These cards belong to another shop. Please open that shop first.',
    '这些卡属于另一家门店，请先进入该门店。',
    '這些卡屬於另一家門市，請先進入該門市。',
    'Ces cartes appartiennent à une autre boutique. Ouvrez d’abord cette boutique.',
    'Estas tarjetas son de otra tienda. Abre primero esa tienda.',
  ),
} as const;
