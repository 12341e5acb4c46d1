// Texts of the activity and coupon calls in every runtime language, as LocalizedText for BusinessError.
// `{name}` placeholders are filled by server/i18n's translate.
import type { ClaimRefusal } from '../../../src/domain/api/activity';
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

/** Why a claim was refused, one message per contract refusal. */
export const claimMessages: Record<ClaimRefusal, AllLocales> = {
  activityNotFound: t(
    'This activity was not found.',
    '没有找到该活动。',
    '沒有找到該活動。',
    'Cette offre est introuvable.',
    'No se encontró esta promoción.',
  ),
  activityEnded: t(
    'This activity has ended.',
    '活动已结束。',
    '活動已結束。',
    'Cette offre est terminée.',
    'Esta promoción ha terminado.',
  ),
  soldOut: t(
    'All of these coupons have been claimed.',
    '优惠券已被领完。',
    '優惠券已被領完。',
    'Tous ces bons ont déjà été pris.',
    'Ya se han agotado estos cupones.',
  ),
  limitReached: t(
    'You already hold as many of these coupons as allowed.',
    '您已达到该优惠券的领取上限。',
    '您已達到該優惠券的領取上限。',
    'Vous avez déjà le nombre maximal de ces bons.',
    'Ya tienes el máximo permitido de estos cupones.',
  ),
  loginRequired: t(
    'Please log in with your phone number to claim and use coupons.',
    '请先使用手机号登录再领取和使用优惠券。',
    '請先使用手機號登入再領取和使用優惠券。',
    'Connectez-vous avec votre numéro de téléphone pour obtenir et utiliser des bons.',
    'Inicia sesión con tu teléfono para obtener y usar cupones.',
  ),
  notForYou: t(
    'This offer is for members only.',
    '该优惠仅限会员领取。',
    '該優惠僅限會員領取。',
    'Cette offre est réservée aux membres.',
    'Esta oferta es solo para socios.',
  ),
  codeNotFound: t(
    'No activity has this code. Please check it and try again.',
    '没有与该优惠码对应的活动，请检查后重试。',
    '沒有與該優惠碼對應的活動，請檢查後重試。',
    "Aucune offre n'a ce code. Vérifiez-le et réessayez.",
    'Ninguna promoción tiene este código. Revísalo e inténtalo de nuevo.',
  ),
  notEarned: t(
    'This coupon is not handed out this way.',
    '该优惠券不能通过这种方式领取。',
    '該優惠券不能透過這種方式領取。',
    "Ce bon ne s'obtient pas de cette façon.",
    'Este cupón no se obtiene de esta forma.',
  ),
};

export const couponMessages = {
  couponNotFound: t(
    'Coupon not found.',
    '没有找到该优惠券。',
    '沒有找到該優惠券。',
    'Bon introuvable.',
    'No se encontró el cupón.',
  ),
  orderNotFound: t(
    'Order not found.',
    '没有找到该订单。',
    '沒有找到該訂單。',
    'Commande introuvable.',
    'No se encontró el pedido.',
  ),
  orderNotPaid: t(
    'This order has not been paid, so it has earned no coupon yet.',
    '该订单尚未支付，暂时没有可领取的优惠券。',
    '該訂單尚未支付，暫時沒有可領取的優惠券。',
    "Cette commande n'est pas payée : elle ne donne pas encore de bon.",
    'Este pedido no está pagado, así que aún no da ningún cupón.',
  ),
  keyReused: t(
    'This request was already used to claim another coupon. Please try again.',
    '该请求已用于领取其他优惠券，请重试。',
    '該請求已用於領取其他優惠券，請重試。',
    'Cette demande a déjà servi pour un autre bon. Réessayez.',
    'Esta solicitud ya se usó para otro cupón. Inténtalo de nuevo.',
  ),
  couponUnusable: t(
    'This coupon cannot be used for this order: {reasons}.',
    '该优惠券不能用于本订单：{reasons}。',
    '該優惠券不能用於本訂單：{reasons}。',
    'Ce bon ne peut pas servir pour cette commande : {reasons}.',
    'Este cupón no se puede usar en este pedido: {reasons}.',
  ),
  couponNotHeld: t(
    'This coupon is not one of yours, or it cannot be used in this shop.',
    '该优惠券不属于您，或不能在本店使用。',
    '該優惠券不屬於您，或不能在本店使用。',
    "Ce bon n'est pas à vous, ou il ne vaut pas dans cette boutique.",
    'Este cupón no es tuyo o no sirve en esta tienda.',
  ),
  couponTaken: t(
    'This coupon was just used by another order. Please choose again.',
    '该优惠券刚被另一笔订单使用，请重新选择。',
    '該優惠券剛被另一筆訂單使用，請重新選擇。',
    'Ce bon vient de servir pour une autre commande. Choisissez à nouveau.',
    'Este cupón se acaba de usar en otro pedido. Elige de nuevo.',
  ),
  couponClaimed: t('Coupon claimed.', '领取成功。', '領取成功。', 'Bon obtenu.', 'Cupón obtenido.'),
  activityUnitsTaken: t(
    '“{name}” has just run out for an item of your order. Check the new price and place the order again.',
    '“{name}”的优惠名额刚刚被抢完，请确认新价格后重新下单。',
    '「{name}」的優惠名額剛剛被搶完，請確認新價格後重新下單。',
    '« {name} » vient d’être épuisé pour un article de votre commande. Vérifiez le nouveau prix et recommandez.',
    '«{name}» se acaba de agotar para un artículo de tu pedido. Revisa el nuevo precio y vuelve a pedir.',
  ),
};

/** The engine's reasons (CouponRejection) as the refusal names them. */
export const couponReasonTexts: Record<string, AllLocales> = {
  status: t(
    'it is no longer valid',
    '优惠券已失效',
    '優惠券已失效',
    "il n'est plus valable",
    'ya no es válido',
  ),
  date: t(
    'it is not valid today',
    '今天不在有效期内',
    '今天不在有效期內',
    "il ne vaut pas aujourd'hui",
    'hoy no es válido',
  ),
  orderType: t(
    'not for this kind of order',
    '不适用于该点餐方式',
    '不適用於該點餐方式',
    'pas pour ce type de commande',
    'no vale para este tipo de pedido',
  ),
  userType: t(
    'not for your customer type',
    '不适用于您的用户类型',
    '不適用於您的用戶類型',
    'pas pour votre type de client',
    'no vale para tu tipo de cliente',
  ),
  memberLevel: t(
    'not for your member level',
    '不适用于您的会员等级',
    '不適用於您的會員等級',
    'pas pour votre niveau de membre',
    'no vale para tu nivel de socio',
  ),
  payType: t(
    'pay with the member card to use it',
    '需使用会员卡支付',
    '需使用會員卡支付',
    'payez avec la carte de membre pour en profiter',
    'paga con la tarjeta de socio para usarlo',
  ),
  product: t(
    'the products it covers are not in the cart',
    '购物车中没有适用的商品',
    '購物車中沒有適用的商品',
    'les produits concernés ne sont pas dans le panier',
    'los productos que cubre no están en el carrito',
  ),
  amount: t(
    'the order amount is too low',
    '订单金额未达到使用门槛',
    '訂單金額未達到使用門檻',
    'le montant de la commande est trop bas',
    'el importe del pedido es demasiado bajo',
  ),
  quantity: t(
    'not enough items in the cart',
    '商品数量不足',
    '商品數量不足',
    "pas assez d'articles dans le panier",
    'no hay suficientes artículos en el carrito',
  ),
};
