// Texts of the points store calls (activity/getPointExchangeStoreProducts, activity/pointStoreCouponDetail,
// activity/pointExchangeProduct, activity/pointExchangeDetail) in every runtime language, as LocalizedText
// for BusinessError.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const pointStoreMessages = {
  memberRequired: t(
    'Please register as a member of this shop to use the points mall.',
    '请先注册成为本店会员再使用积分商城。',
    '請先註冊成為本店會員再使用積分商城。',
    'Inscrivez-vous comme membre de cette boutique pour utiliser la boutique de points.',
    'Regístrate como socio de esta tienda para usar la tienda de puntos.',
  ),
  memberNotFound: t(
    'This member card was not found.',
    '未找到该会员卡。',
    '未找到該會員卡。',
    'Carte de membre introuvable.',
    'No se encontró esta tarjeta de socio.',
  ),
  itemNotFound: t(
    'This reward was not found in the points mall.',
    '积分商城中没有找到该商品。',
    '積分商城中沒有找到該商品。',
    'Cette récompense est introuvable dans la boutique de points.',
    'No se encontró esta recompensa en la tienda de puntos.',
  ),
  notOnSale: t(
    'This reward cannot be exchanged at the moment.',
    '该商品当前不可兑换。',
    '該商品目前不可兌換。',
    'Cette récompense ne peut pas être échangée pour le moment.',
    'Esta recompensa no se puede canjear en este momento.',
  ),
  notEnoughPoints: t(
    'Not enough points: this needs {need} points.',
    '积分不足：需要 {need} 积分。',
    '積分不足：需要 {need} 積分。',
    'Points insuffisants : il en faut {need}.',
    'Puntos insuficientes: se necesitan {need}.',
  ),
  soldOut: t(
    'Sorry, this reward has run out.',
    '抱歉，该商品已兑完。',
    '抱歉，該商品已兌完。',
    'Désolé, cette récompense est épuisée.',
    'Lo sentimos, esta recompensa se ha agotado.',
  ),
  limitReached: t(
    'You have reached the exchange limit for this reward ({limit} per member).',
    '您已达到该商品的兑换上限（每位会员 {limit} 件）。',
    '您已達到該商品的兌換上限（每位會員 {limit} 件）。',
    'Vous avez atteint la limite d’échange de cette récompense ({limit} par membre).',
    'Has alcanzado el límite de canje de esta recompensa ({limit} por socio).',
  ),
  idempotencyConflict: t(
    'This request key was already used for another exchange.',
    '该请求标识已用于另一次兑换。',
    '該請求標識已用於另一次兌換。',
    'Cette clé de requête a déjà servi pour un autre échange.',
    'Esta clave de solicitud ya se usó para otro canje.',
  ),
  exchangeNotFound: t(
    'This exchange was not found.',
    '未找到该兑换记录。',
    '未找到該兌換紀錄。',
    'Échange introuvable.',
    'No se encontró este canje.',
  ),
} as const;
