// Texts of order/close, order/confirmDelivered, order/deliveryInfo, order/eventsTicket and the live status
// stream in every runtime language, as LocalizedText for BusinessError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const orderLifeMessages = {
  notClosable: t(
    'Only an unpaid order can be cancelled.',
    '只有未支付的订单可以取消。',
    '只有未付款的訂單可以取消。',
    'Seule une commande non payée peut être annulée.',
    'Solo se puede cancelar un pedido sin pagar.',
  ),
  paymentInProgress: t(
    'A payment of this order is still being processed. Please try again in a moment.',
    '该订单有一笔支付正在处理中，请稍后再试。',
    '該訂單有一筆付款正在處理中，請稍後再試。',
    'Un paiement de cette commande est en cours de traitement. Réessayez dans un instant.',
    'Un pago de este pedido aún se está procesando. Inténtalo de nuevo en un momento.',
  ),
  notDelivering: t(
    'This order is not on its way to you, so its delivery cannot be confirmed.',
    '该订单不在配送中，无法确认收货。',
    '該訂單不在配送中，無法確認收貨。',
    "Cette commande n'est pas en cours de livraison : la réception ne peut pas être confirmée.",
    'Este pedido no está en reparto, así que no se puede confirmar la entrega.',
  ),
  closed: t('Order cancelled.', '订单已取消。', '訂單已取消。', 'Commande annulée.', 'Pedido cancelado.'),
  received: t(
    'Thank you, delivery confirmed.',
    '已确认收货，谢谢。',
    '已確認收貨，謝謝。',
    'Merci, réception confirmée.',
    'Gracias, entrega confirmada.',
  ),
  ticketInvalid: t(
    'The live status link has expired. Please reload the page.',
    '实时状态链接已过期，请刷新页面。',
    '即時狀態連結已過期，請重新整理頁面。',
    'Le lien du suivi en direct a expiré. Rechargez la page.',
    'El enlace del estado en directo ha caducado. Recarga la página.',
  ),
  clockInvalid: t(
    'advanceMs must be a positive whole number of milliseconds (at most one year).',
    'advanceMs 必须是正整数毫秒（最多一年）。',
    'advanceMs 必須是正整數毫秒（最多一年）。',
    'advanceMs doit être un nombre entier positif de millisecondes (au plus un an).',
    'advanceMs debe ser un número entero positivo de milisegundos (como máximo un año).',
  ),
};
