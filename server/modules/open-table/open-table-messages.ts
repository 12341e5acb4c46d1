// Texts of the open-table calls in every runtime language, as LocalizedText for BusinessError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const openTableMessages = {
  openTableUnavailable: t(
    'This shop does not open tables for a shared tab.',
    '本店不支持开台点餐。',
    '本店不支援開桌點餐。',
    'Cette boutique n’ouvre pas de table en note partagée.',
    'Esta tienda no abre mesas con cuenta compartida.',
  ),
  tableCodeRequired: t(
    'Scan the code on your table to open or join its order.',
    '请扫描桌上的二维码开台或加入本桌点餐。',
    '請掃描桌上的 QR 碼開桌或加入本桌點餐。',
    'Scannez le code de votre table pour ouvrir ou rejoindre sa commande.',
    'Escanea el código de tu mesa para abrir o unirte a su pedido.',
  ),
  tabNotFound: t(
    'This table order was not found. Scan the code on your table again.',
    '没有找到该桌的订单，请重新扫描桌上的二维码。',
    '沒有找到該桌的訂單，請重新掃描桌上的 QR 碼。',
    'Cette commande de table est introuvable. Scannez à nouveau le code de votre table.',
    'No se encontró este pedido de mesa. Escanea de nuevo el código de tu mesa.',
  ),
  tabNotOrdering: t(
    'This table is no longer taking orders: its bill was asked for or it is closed.',
    '该桌已不能加菜：已在结账或已关台。',
    '該桌已不能加菜：已在結帳或已關桌。',
    'Cette table ne prend plus de commandes : l’addition a été demandée ou elle est fermée.',
    'Esta mesa ya no acepta pedidos: se pidió la cuenta o está cerrada.',
  ),
  tableBusy: t(
    'This table is being cleared. Please try again in a moment.',
    '该桌正在清台，请稍后再试。',
    '該桌正在清桌，請稍後再試。',
    'Cette table est en cours de débarrassage. Réessayez dans un instant.',
    'Esta mesa se está recogiendo. Inténtalo de nuevo en un momento.',
  ),
  roundReplayMismatch: t(
    'This round was already sent with other dishes. Please send it again.',
    '这一轮已用其他菜品提交过，请重新提交。',
    '這一輪已用其他菜品提交過，請重新提交。',
    'Cette tournée a déjà été envoyée avec d’autres plats. Envoyez-la à nouveau.',
    'Esta ronda ya se envió con otros platos. Envíala de nuevo.',
  ),
  tabNotPaying: t(
    'This table has no bill waiting to be paid.',
    '该桌没有待支付的账单。',
    '該桌沒有待支付的帳單。',
    'Cette table n’a pas d’addition en attente de paiement.',
    'Esta mesa no tiene ninguna cuenta pendiente de pago.',
  ),
  roundSubmitting: t(
    'The kitchen has not answered every round yet. Please wait a moment, then ask for the bill.',
    '厨房还有菜品未确认，请稍候再结账。',
    '廚房還有菜品未確認，請稍候再結帳。',
    'La cuisine n’a pas encore répondu à toutes les tournées. Patientez un instant avant de demander l’addition.',
    'La cocina aún no ha respondido a todas las rondas. Espera un momento antes de pedir la cuenta.',
  ),
  nothingOrdered: t(
    'Nothing has been ordered at this table yet.',
    '该桌还没有点任何菜品。',
    '該桌還沒有點任何菜品。',
    'Rien n’a encore été commandé à cette table.',
    'Todavía no se ha pedido nada en esta mesa.',
  ),
  kitchenNotFound: t(
    'This shop has no table order, round or line with that id.',
    '本店没有该编号的桌单、轮次或菜品。',
    '本店沒有該編號的桌單、輪次或菜品。',
    'Cette boutique n’a ni commande de table, ni tournée, ni ligne avec ce numéro.',
    'Esta tienda no tiene pedido de mesa, ronda ni línea con ese número.',
  ),
  kitchenWrongState: t(
    'It has already moved on, so nothing was changed.',
    '状态已变化，未做任何更改。',
    '狀態已變化，未做任何更改。',
    'Son état a déjà changé : rien n’a été modifié.',
    'Su estado ya cambió: no se modificó nada.',
  ),
  kitchenDone: t('Done.', '已完成。', '已完成。', 'C’est fait.', 'Hecho.'),
};

/** A guest with no name of their own: "Guest 2", numbered by the order they joined in. */
export const guestLabel = t('Guest {n}', '客人{n}', '客人{n}', 'Convive {n}', 'Comensal {n}');
