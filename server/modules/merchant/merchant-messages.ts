// Texts of the merchant API in every runtime language, as LocalizedText for BusinessError/HttpError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const merchantMessages = {
  demoKeyRefused: t(
    'The public demo merchant key works only in demo mode: issue a key with "npm run merchant-keys".',
    '公开的演示商户密钥仅在演示模式下可用：请用 "npm run merchant-keys" 签发密钥。',
    '公開的示範商戶金鑰僅在示範模式下可用：請用 "npm run merchant-keys" 簽發金鑰。',
    'La clé marchand de démonstration publique ne marche qu’en mode démo : créez une clé avec « npm run merchant-keys ».',
    'La clave de comercio de demostración pública solo funciona en modo demo: emite una clave con "npm run merchant-keys".',
  ),
  keyRequired: t(
    'A valid merchant key is required (header "Authorization: Bearer <key>").',
    '需要有效的商户密钥（请求头 "Authorization: Bearer <key>"）。',
    '需要有效的商戶金鑰（請求標頭 "Authorization: Bearer <key>"）。',
    'Une clé marchand valide est requise (en-tête « Authorization: Bearer <clé> »).',
    'Se necesita una clave de comercio válida (cabecera "Authorization: Bearer <clave>").',
  ),
  orderNotFound: t(
    'Order {orderNo} not found in this shop.',
    '本店没有订单 {orderNo}。',
    '本店沒有訂單 {orderNo}。',
    'Commande {orderNo} introuvable dans cette boutique.',
    'No existe el pedido {orderNo} en esta tienda.',
  ),
  wrongStatus: t(
    'Order {orderNo} is "{status}": {action} is only allowed when it is {allowed}. Nothing was changed.',
    '订单 {orderNo} 当前为“{status}”：只有在 {allowed} 时才能{action}。未做任何更改。',
    '訂單 {orderNo} 目前為「{status}」：只有在 {allowed} 時才能{action}。未做任何變更。',
    'La commande {orderNo} est « {status} » : {action} n’est possible que si elle est {allowed}. Rien n’a été modifié.',
    'El pedido {orderNo} está «{status}»: {action} solo se permite cuando está {allowed}. No se ha cambiado nada.',
  ),
  riderRequired: t(
    "Give the rider's name and phone to assign a rider.",
    '指派骑手需要填写骑手姓名和电话。',
    '指派騎手需要填寫騎手姓名和電話。',
    'Indiquez le nom et le téléphone du livreur pour l’assigner.',
    'Indica el nombre y el teléfono del repartidor para asignarlo.',
  ),
  notTakeaway: t(
    'Order {orderNo} is not a delivery order.',
    '订单 {orderNo} 不是外卖订单。',
    '訂單 {orderNo} 不是外送訂單。',
    'La commande {orderNo} n’est pas une livraison.',
    'El pedido {orderNo} no es de reparto.',
  ),
  refundFailed: t(
    'The payment gateway did not accept the refund of order {orderNo}; it is now "refund failed" and can be retried.',
    '支付渠道未受理订单 {orderNo} 的退款，订单现为“退款失败”，可重试退款。',
    '支付渠道未受理訂單 {orderNo} 的退款，訂單現為「退款失敗」，可重試退款。',
    'La passerelle de paiement a refusé le remboursement de la commande {orderNo} ; elle est « remboursement échoué » et peut être réessayée.',
    'La pasarela de pago no aceptó el reembolso del pedido {orderNo}; ahora está «reembolso fallido» y se puede reintentar.',
  ),
  done: t(
    'Order {orderNo}: {action} done, now "{status}".',
    '订单 {orderNo}：{action}完成，现为“{status}”。',
    '訂單 {orderNo}：{action}完成，現為「{status}」。',
    'Commande {orderNo} : {action} effectué, maintenant « {status} ».',
    'Pedido {orderNo}: {action} hecho, ahora «{status}».',
  ),
};

type Names = Record<'en' | 'zh-CN' | 'zh-TW' | 'fr' | 'es', string>;
const n = (en: string, zhCN: string, zhTW: string, fr: string, es: string): Names => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

/** Merchant-side names of the statuses (the customer's labels of spec §4 live in the browser). */
export const statusNames = {
  nopay: n('unpaid', '未支付', '未付款', 'non payée', 'sin pagar'),
  nopay_cancel: n(
    'unpaid, cancelled',
    '未支付已取消',
    '未付款已取消',
    'non payée, annulée',
    'sin pagar, cancelado',
  ),
  need_pay: n('to be paid', '待支付', '待付款', 'à payer', 'por pagar'),
  pending: n('awaiting acceptance', '待接单', '待接單', 'en attente d’acceptation', 'pendiente de aceptar'),
  successed: n('completed', '已完成', '已完成', 'terminée', 'completado'),
  refund: n('refunded', '已退款', '已退款', 'remboursée', 'reembolsado'),
  refund_fail: n('refund failed', '退款失败', '退款失敗', 'remboursement échoué', 'reembolso fallido'),
  refunding: n('refunding', '退款中', '退款中', 'remboursement en cours', 'reembolsando'),
  confirmed_new: n('to be delivered', '待配送', '待配送', 'à livrer', 'por repartir'),
  wait_rider_pending: n(
    'waiting for the rider',
    '待骑手接单',
    '待騎手接單',
    'en attente du livreur',
    'esperando al repartidor',
  ),
  rider_confirmed: n(
    'rider confirmed',
    '骑手已接单',
    '騎手已接單',
    'livreur confirmé',
    'repartidor confirmado',
  ),
  rider_picked_up: n('in delivery', '配送中', '配送中', 'en livraison', 'en reparto'),
  rider_delivery_exception: n(
    'delivery problem',
    '配送异常',
    '配送異常',
    'problème de livraison',
    'problema de reparto',
  ),
  confirmed: n('accepted', '已接单', '已接單', 'acceptée', 'aceptado'),
  delivered: n('in delivery', '配送中', '配送中', 'en livraison', 'en reparto'),
  refused: n('refused', '已拒单', '已拒單', 'refusée', 'rechazado'),
  closed: n('closed', '已关闭', '已關閉', 'fermée', 'cerrado'),
} as const;

export const actionNames = {
  accept: n('accept', '接单', '接單', 'accepter', 'aceptar'),
  refuse: n('refuse', '拒单', '拒單', 'refuser', 'rechazar'),
  assignRider: n('assign a rider', '指派骑手', '指派騎手', 'assigner un livreur', 'asignar repartidor'),
  riderConfirm: n(
    'rider confirm',
    '骑手接单',
    '騎手接單',
    'confirmation du livreur',
    'confirmación del repartidor',
  ),
  startDelivery: n('start delivery', '开始配送', '開始配送', 'démarrer la livraison', 'iniciar reparto'),
  deliveryException: n(
    'report a delivery problem',
    '报告配送异常',
    '回報配送異常',
    'signaler un problème de livraison',
    'informar de un problema de reparto',
  ),
  complete: n('complete', '完成订单', '完成訂單', 'terminer', 'completar'),
  refund: n('refund', '退款', '退款', 'rembourser', 'reembolsar'),
} as const;
