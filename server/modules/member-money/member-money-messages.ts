// Texts of the member-money calls (vip/payRules, vip/giftAmountRules, vip/charge, vip/chargeResult,
// vip/doc, vip/pointDoc) in every runtime language, as LocalizedText for BusinessError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const memberMoneyMessages = {
  memberRequired: t(
    'Please register as a member of this shop first.',
    '请先注册成为本店会员。',
    '請先註冊成為本店會員。',
    'Inscrivez-vous d’abord comme membre de cette boutique.',
    'Regístrate primero como socio de esta tienda.',
  ),
  rechargeClosed: t(
    'This shop does not take member card top-ups.',
    '本店暂不支持会员卡充值。',
    '本店暫不支援會員卡儲值。',
    'Cette boutique ne propose pas de recharge de carte de membre.',
    'Esta tienda no admite recargas de la tarjeta de socio.',
  ),
  ruleNotFound: t(
    'This top-up offer is not available to you.',
    '该充值方案不可用。',
    '該儲值方案不可用。',
    'Cette offre de recharge ne vous est pas proposée.',
    'Esta oferta de recarga no está disponible para ti.',
  ),
  amountInvalid: t(
    'Please enter an amount between {min} and {max}.',
    '请输入 {min} 至 {max} 之间的金额。',
    '請輸入 {min} 至 {max} 之間的金額。',
    'Saisissez un montant entre {min} et {max}.',
    'Introduce un importe entre {min} y {max}.',
  ),
  freeAmountClosed: t(
    'Please choose one of the top-up offers.',
    '请选择一个充值方案。',
    '請選擇一個儲值方案。',
    'Choisissez une des offres de recharge.',
    'Elige una de las ofertas de recarga.',
  ),
  ruleOrAmount: t(
    'Choose a top-up offer or enter an amount, not both.',
    '请选择充值方案或输入金额（二选一）。',
    '請選擇儲值方案或輸入金額（二選一）。',
    'Choisissez une offre ou saisissez un montant, pas les deux.',
    'Elige una oferta o introduce un importe, no ambos.',
  ),
  payTypeInvalid: t(
    'This payment method cannot be used to top up.',
    '该支付方式不能用于充值。',
    '該支付方式不能用於儲值。',
    'Ce moyen de paiement ne peut pas servir à recharger.',
    'Este método de pago no se puede usar para recargar.',
  ),
  gatewayUnavailable: t(
    'The payment could not be started. Please try again later.',
    '支付发起失败，请稍后重试。',
    '支付發起失敗，請稍後重試。',
    'Le paiement n’a pas pu démarrer. Réessayez plus tard.',
    'No se pudo iniciar el pago. Inténtalo más tarde.',
  ),
  firstChargeInProgress: t(
    'Your first top-up is already being paid. Finish or cancel it first.',
    '您的首充正在支付中，请先完成或取消。',
    '您的首次儲值正在支付中，請先完成或取消。',
    'Votre première recharge est déjà en cours de paiement. Terminez-la ou annulez-la d’abord.',
    'Tu primera recarga ya se está pagando. Termínala o cancélala primero.',
  ),
  rechargeNotFound: t(
    'This top-up was not found.',
    '未找到该充值记录。',
    '未找到該儲值紀錄。',
    'Recharge introuvable.',
    'No se encontró esta recarga.',
  ),
  memberNotFound: t(
    'This member card was not found.',
    '未找到该会员卡。',
    '未找到該會員卡。',
    'Carte de membre introuvable.',
    'No se encontró esta tarjeta de socio.',
  ),
  idempotencyConflict: t(
    'This request key was already used for another top-up.',
    '该请求标识已用于另一笔充值。',
    '該請求標識已用於另一筆儲值。',
    'Cette clé de requête a déjà servi pour une autre recharge.',
    'Esta clave de solicitud ya se usó para otra recarga.',
  ),
} as const;
