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
  partlyPaid: t(
    'Part of this bill is paid or being paid, so it can no longer go back to ordering.',
    '账单已有部分支付或正在支付，无法返回点餐。',
    '帳單已有部分支付或正在支付，無法返回點餐。',
    'Une partie de cette addition est payée ou en cours de paiement : elle ne peut plus revenir à la commande.',
    'Parte de esta cuenta está pagada o en pago, así que ya no puede volver a los pedidos.',
  ),
  tabPartlyPaid: t(
    'Part of this bill is paid or being paid: settle or wait for it before closing the table.',
    '该桌账单已有部分支付或正在支付，请先结清或等待后再关台。',
    '該桌帳單已有部分支付或正在支付，請先結清或等待後再關桌。',
    'Une partie de l’addition est payée ou en cours de paiement : réglez-la ou attendez avant de fermer la table.',
    'Parte de la cuenta está pagada o en pago: cóbrala o espera antes de cerrar la mesa.',
  ),
  billNotSplit: t(
    'This bill is paid in one go by the guest who asked for it.',
    '该账单由结账的客人一次付清。',
    '該帳單由結帳的客人一次付清。',
    'Cette addition est réglée en une fois par le convive qui l’a demandée.',
    'Esta cuenta la paga de una vez el comensal que la pidió.',
  ),
  pickPart: t(
    'Choose one of the parts of the bill to pay.',
    '请选择要支付的一份账单。',
    '請選擇要支付的一份帳單。',
    'Choisissez une des parts de l’addition à payer.',
    'Elige una de las partes de la cuenta para pagar.',
  ),
  pickLines: t(
    'Choose the dishes you pay for.',
    '请选择您要支付的菜品。',
    '請選擇您要支付的菜品。',
    'Choisissez les plats que vous payez.',
    'Elige los platos que pagas.',
  ),
  partNotFound: t(
    'This bill has no such part.',
    '该账单没有这一份。',
    '該帳單沒有這一份。',
    'Cette addition n’a pas cette part.',
    'Esta cuenta no tiene esa parte.',
  ),
  partTaken: t(
    'Someone else is already paying this part.',
    '这一份已有其他人在支付。',
    '這一份已有其他人在支付。',
    'Quelqu’un d’autre paie déjà cette part.',
    'Otra persona ya está pagando esta parte.',
  ),
  lineNotFound: t(
    'One of the chosen dishes is not on this bill.',
    '所选菜品中有不在本账单上的。',
    '所選菜品中有不在本帳單上的。',
    'Un des plats choisis ne figure pas sur cette addition.',
    'Uno de los platos elegidos no está en esta cuenta.',
  ),
  linesTaken: t(
    'Someone else is already paying for one of these dishes. Please choose again.',
    '其中有菜品已由其他人支付，请重新选择。',
    '其中有菜品已由其他人支付，請重新選擇。',
    'Quelqu’un d’autre paie déjà un de ces plats. Choisissez à nouveau.',
    'Otra persona ya está pagando uno de estos platos. Elige de nuevo.',
  ),
  partNothingToPay: t(
    'These dishes come to nothing to pay. Add another dish to your part.',
    '所选菜品无需支付，请再选择其他菜品。',
    '所選菜品無需支付，請再選擇其他菜品。',
    'Ces plats ne font rien à payer. Ajoutez un autre plat à votre part.',
    'Estos platos no suman nada que pagar. Añade otro plato a tu parte.',
  ),
  partReplayMismatch: t(
    'This payment request was already used for another part. Please try again.',
    '该支付请求已用于另一份账单，请重试。',
    '該支付請求已用於另一份帳單，請重試。',
    'Cette demande de paiement a déjà servi pour une autre part. Réessayez.',
    'Esta solicitud de pago ya se usó para otra parte. Inténtalo de nuevo.',
  ),
  splitTooSmall: t(
    'This bill is too small to split into {parts} parts.',
    '账单金额太小，无法分成 {parts} 份。',
    '帳單金額太小，無法分成 {parts} 份。',
    'Cette addition est trop petite pour être partagée en {parts} parts.',
    'Esta cuenta es demasiado pequeña para dividirla en {parts} partes.',
  ),
  splitItemsEmpty: t(
    'There are no dishes to split this bill by. Split it another way.',
    '没有可按菜品分摊的项目，请选择其他分账方式。',
    '沒有可按菜品分攤的項目，請選擇其他分帳方式。',
    'Aucun plat ne permet de partager cette addition ainsi. Partagez-la autrement.',
    'No hay platos para dividir esta cuenta así. Divídela de otra forma.',
  ),
  tabStreamNotGuest: t(
    'Only the guests of this table can follow its order.',
    '只有本桌的客人才能查看本桌订单。',
    '只有本桌的客人才能查看本桌訂單。',
    'Seuls les convives de cette table peuvent suivre sa commande.',
    'Solo los comensales de esta mesa pueden seguir su pedido.',
  ),
  kitchenDone: t('Done.', '已完成。', '已完成。', 'C’est fait.', 'Hecho.'),
};

/** A guest with no name of their own: "Guest 2", numbered by the order they joined in. */
export const guestLabel = t('Guest {n}', '客人{n}', '客人{n}', 'Convive {n}', 'Comensal {n}');
