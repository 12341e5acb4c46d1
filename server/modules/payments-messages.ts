// Texts of order/pay, the payment callbacks and the sandbox gateway in every runtime language, as
// LocalizedText for BusinessError. `{name}` placeholders are filled by server/i18n's translate.
import type { LocalizedText } from '../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const paymentMessages = {
  notPayable: t(
    'This order can no longer be paid.',
    '该订单已无法支付。',
    '該訂單已無法支付。',
    'Cette commande ne peut plus être payée.',
    'Este pedido ya no se puede pagar.',
  ),
  alreadyPaid: t(
    'This order has already been paid.',
    '该订单已支付。',
    '該訂單已支付。',
    'Cette commande est déjà payée.',
    'Este pedido ya está pagado.',
  ),
  expired: t(
    'The time to pay this order has run out; the order was cancelled.',
    '订单支付已超时，订单已取消。',
    '訂單支付已逾時，訂單已取消。',
    'Le délai de paiement est dépassé ; la commande a été annulée.',
    'El plazo para pagar ha terminado; el pedido se ha cancelado.',
  ),
  payTypeInvalid: t(
    'This payment method cannot be used for this order.',
    '该支付方式不能用于此订单。',
    '該支付方式不能用於此訂單。',
    'Ce moyen de paiement ne peut pas servir pour cette commande.',
    'Este método de pago no se puede usar para este pedido.',
  ),
  payTypeLocked: t(
    'This order was priced with a member-card discount, so it can only be paid by member card.',
    '该订单享受了会员卡支付专属优惠，只能使用会员卡支付。',
    '該訂單享有會員卡支付專屬優惠，只能使用會員卡支付。',
    'Cette commande a une remise réservée à la carte de membre : payez-la avec la carte de membre.',
    'Este pedido tiene un descuento exclusivo de la tarjeta de socio: págalo con la tarjeta de socio.',
  ),
  memberRequired: t(
    'Please register as a member first to pay by member card.',
    '请先注册会员再使用会员卡支付。',
    '請先註冊會員再使用會員卡支付。',
    'Inscrivez-vous comme membre pour payer par carte de membre.',
    'Regístrate como socio para pagar con la tarjeta de socio.',
  ),
  payPasswordRequired: t(
    'Please enter your 6-digit payment password.',
    '请输入 6 位支付密码。',
    '請輸入 6 位支付密碼。',
    'Saisissez votre code de paiement à 6 chiffres.',
    'Introduce tu contraseña de pago de 6 dígitos.',
  ),
  payPasswordNotSet: t(
    'Please set a payment password for your member card first.',
    '请先设置会员卡支付密码。',
    '請先設定會員卡支付密碼。',
    "Définissez d'abord un code de paiement pour votre carte de membre.",
    'Primero establece una contraseña de pago para tu tarjeta de socio.',
  ),
  payPasswordWrong: t(
    'Wrong payment password. {attemptsLeft} attempts left.',
    '支付密码错误，还可尝试 {attemptsLeft} 次。',
    '支付密碼錯誤，還可嘗試 {attemptsLeft} 次。',
    'Code de paiement erroné. Encore {attemptsLeft} essais.',
    'Contraseña de pago incorrecta. Quedan {attemptsLeft} intentos.',
  ),
  payPasswordLocked: t(
    'Too many wrong payment passwords. Try again in {minutes} minutes.',
    '支付密码错误次数过多，请 {minutes} 分钟后再试。',
    '支付密碼錯誤次數過多，請 {minutes} 分鐘後再試。',
    'Trop de codes de paiement erronés. Réessayez dans {minutes} minutes.',
    'Demasiadas contraseñas de pago incorrectas. Inténtalo de nuevo en {minutes} minutos.',
  ),
  balanceShort: t(
    'Your member card balance is not enough: {short} short. Please top it up first.',
    '会员卡余额不足，还差 {short}，请先充值。',
    '會員卡餘額不足，還差 {short}，請先儲值。',
    'Le solde de votre carte de membre est insuffisant : il manque {short}. Rechargez-la.',
    'El saldo de tu tarjeta de socio no alcanza: faltan {short}. Recárgala primero.',
  ),
  paymentInProgress: t(
    'A payment of this order is still being processed. Please wait a moment and look again.',
    '该订单有一笔支付正在处理中，请稍后再查看。',
    '該訂單有一筆支付正在處理中，請稍後再查看。',
    'Un paiement de cette commande est encore en cours. Patientez un instant puis vérifiez.',
    'Un pago de este pedido se está procesando. Espera un momento y vuelve a mirar.',
  ),
  gatewayUnavailable: t(
    'The payment could not be started. Please try again or contact the merchant.',
    '支付发起失败，请重试或联系商家。',
    '支付發起失敗，請重試或聯繫商家。',
    'Le paiement n’a pas pu démarrer. Réessayez ou contactez le commerçant.',
    'No se pudo iniciar el pago. Inténtalo de nuevo o contacta con el comercio.',
  ),
  paymentNotFound: t(
    'This payment does not belong to the order.',
    '该支付不属于此订单。',
    '該支付不屬於此訂單。',
    'Ce paiement ne correspond pas à la commande.',
    'Este pago no pertenece al pedido.',
  ),
  // The sandbox gateway's hosted pages.
  sandboxSessionNotFound: t(
    'This payment page does not exist.',
    '支付页面不存在。',
    '支付頁面不存在。',
    "Cette page de paiement n'existe pas.",
    'Esta página de pago no existe.',
  ),
  sandboxSessionClosed: t(
    'This payment has already ended.',
    '该笔支付已结束。',
    '該筆支付已結束。',
    'Ce paiement est déjà terminé.',
    'Este pago ya ha terminado.',
  ),
  sandboxSessionExpired: t(
    'This payment page has expired.',
    '支付页面已过期。',
    '支付頁面已過期。',
    'Cette page de paiement a expiré.',
    'Esta página de pago ha caducado.',
  ),
  sandboxCardRequired: t(
    'Please enter the card number.',
    '请输入卡号。',
    '請輸入卡號。',
    'Saisissez le numéro de carte.',
    'Introduce el número de tarjeta.',
  ),
  sandboxUnknownCard: t(
    'Use a test card: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined.',
    '请使用测试卡：4242 4242 4242 4242 支付成功，4000 0000 0000 0002 被拒绝。',
    '請使用測試卡：4242 4242 4242 4242 支付成功，4000 0000 0000 0002 被拒絕。',
    'Utilisez une carte de test : 4242 4242 4242 4242 est acceptée, 4000 0000 0000 0002 est refusée.',
    'Usa una tarjeta de prueba: 4242 4242 4242 4242 se acepta, 4000 0000 0000 0002 se rechaza.',
  ),
  // Gateway notifications (the gateway reads these, not a customer).
  notificationInvalid: t(
    'The notification is malformed.',
    '通知格式错误。',
    '通知格式錯誤。',
    'La notification est mal formée.',
    'La notificación está mal formada.',
  ),
  notificationUnsigned: t(
    'The notification signature is missing or wrong.',
    '通知签名缺失或错误。',
    '通知簽名缺失或錯誤。',
    'La signature de la notification est absente ou fausse.',
    'La firma de la notificación falta o es incorrecta.',
  ),
  notificationStale: t(
    'The notification is too old.',
    '通知已过期。',
    '通知已過期。',
    'La notification est trop ancienne.',
    'La notificación es demasiado antigua.',
  ),
  notificationDuplicate: t(
    'This notification was already processed.',
    '该通知已处理。',
    '該通知已處理。',
    'Cette notification a déjà été traitée.',
    'Esta notificación ya se procesó.',
  ),
  notificationUnknownPayment: t(
    'No payment has this trade number.',
    '没有该交易号的支付。',
    '沒有該交易號的支付。',
    "Aucun paiement n'a ce numéro de transaction.",
    'Ningún pago tiene este número de transacción.',
  ),
  gatewayNotConfigured: t(
    'This payment gateway is not in use.',
    '未启用该支付网关。',
    '未啟用該支付閘道。',
    "Cette passerelle de paiement n'est pas utilisée.",
    'Esta pasarela de pago no está en uso.',
  ),
} as const;
