// Texts of the member calls in every runtime language, as LocalizedText for BusinessError and withMessage.
// `{name}` placeholders are filled by server/i18n's translate. Spec §8 "Password" and "Member".
import type { MemberRefusal } from '../../../src/domain/api/member';
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

/** One message per contract refusal. */
export const refusalMessages: Record<MemberRefusal, AllLocales> = {
  loginRequired: t(
    'Please log in with your phone number first.',
    '请先使用手机号登录。',
    '請先使用手機號登入。',
    'Connectez-vous d’abord avec votre numéro de téléphone.',
    'Primero inicia sesión con tu número de teléfono.',
  ),
  registerClosed: t(
    'This shop does not take member registrations online. Please register in store.',
    '本店暂不支持线上注册会员，请到店注册。',
    '本店暫不支援線上註冊會員，請到店註冊。',
    'Cette boutique n’accepte pas les inscriptions en ligne. Inscrivez-vous en magasin.',
    'Esta tienda no admite registros en línea. Regístrate en la tienda.',
  ),
  termsNotAccepted: t(
    'Please read and accept the member terms first.',
    '请先阅读并同意会员协议。',
    '請先閱讀並同意會員協議。',
    'Lisez et acceptez d’abord les conditions d’adhésion.',
    'Primero lee y acepta las condiciones de socio.',
  ),
  alreadyMember: t(
    'You are already a member.',
    '您已经是会员了。',
    '您已經是會員了。',
    'Vous êtes déjà membre.',
    'Ya eres socio.',
  ),
  notMember: t(
    'This phone number is not a member. Please register in store.',
    '该手机号不是会员，请到店注册。',
    '該手機號不是會員，請到店註冊。',
    'Ce numéro n’est pas membre. Inscrivez-vous en magasin.',
    'Este teléfono no es socio. Regístrate en la tienda.',
  ),
  nameInvalid: t(
    'Please enter your name: 1 to 32 characters, with at least one letter or digit.',
    '请输入姓名：1 到 32 个字符，至少包含一个文字或数字。',
    '請輸入姓名：1 到 32 個字元，至少包含一個文字或數字。',
    'Saisissez votre nom : 1 à 32 caractères, dont au moins une lettre ou un chiffre.',
    'Introduce tu nombre: de 1 a 32 caracteres, con al menos una letra o un número.',
  ),
  birthdayInvalid: t(
    'Please choose a real birthday in the past.',
    '请选择正确的生日（不能晚于今天）。',
    '請選擇正確的生日（不能晚於今天）。',
    'Choisissez une date de naissance réelle et passée.',
    'Elige una fecha de nacimiento real y pasada.',
  ),
  passwordFormat: t(
    'The pay password must be exactly 6 digits.',
    '支付密码必须是 6 位数字。',
    '支付密碼必須是 6 位數字。',
    'Le code de paiement doit comporter exactement 6 chiffres.',
    'La clave de pago debe tener exactamente 6 dígitos.',
  ),
  passwordTooSimple: t(
    '123456 is too easy to guess. Please choose another pay password.',
    '123456 过于简单，请换一个支付密码。',
    '123456 過於簡單，請換一個支付密碼。',
    '123456 est trop facile à deviner. Choisissez un autre code.',
    '123456 es demasiado fácil. Elige otra clave de pago.',
  ),
  passwordRepeat: t(
    'The two passwords are inconsistent. Please enter the same password again.',
    '两次输入的密码不一致，请重新输入。',
    '兩次輸入的密碼不一致，請重新輸入。',
    'Les deux codes ne correspondent pas. Saisissez le même code.',
    'Las dos claves no coinciden. Introduce la misma clave.',
  ),
  passwordOriginalWrong: t(
    'The original password is incorrect. {attemptsLeft} tries left.',
    '原密码不正确，还可以尝试 {attemptsLeft} 次。',
    '原密碼不正確，還可以嘗試 {attemptsLeft} 次。',
    'L’ancien code est incorrect. Encore {attemptsLeft} essais.',
    'La clave anterior es incorrecta. Quedan {attemptsLeft} intentos.',
  ),
  passwordLocked: t(
    'Too many wrong pay passwords. Please try again in {minutes} minutes or reset it by SMS.',
    '支付密码错误次数过多，请 {minutes} 分钟后再试，或通过短信重置。',
    '支付密碼錯誤次數過多，請 {minutes} 分鐘後再試，或透過簡訊重設。',
    'Trop de codes erronés. Réessayez dans {minutes} minutes ou réinitialisez-le par SMS.',
    'Demasiadas claves erróneas. Inténtalo en {minutes} minutos o restablécela por SMS.',
  ),
  passwordOriginalRequired: t(
    'Please enter your original pay password, or reset it with an SMS code.',
    '请输入原支付密码，或通过短信验证码重置。',
    '請輸入原支付密碼，或透過簡訊驗證碼重設。',
    'Saisissez votre ancien code, ou réinitialisez-le avec un code SMS.',
    'Introduce tu clave anterior o restablécela con un código SMS.',
  ),
  ticketInvalid: t(
    'This verification has expired. Please verify your phone again.',
    '验证已失效，请重新验证手机号。',
    '驗證已失效，請重新驗證手機號。',
    'Cette vérification a expiré. Vérifiez à nouveau votre téléphone.',
    'Esta verificación ha caducado. Verifica tu teléfono de nuevo.',
  ),
  codeWrong: t(
    'The verification code is wrong.',
    '验证码错误。',
    '驗證碼錯誤。',
    'Le code de vérification est incorrect.',
    'El código de verificación es incorrecto.',
  ),
  notInBrowser: t(
    'This is not available in a browser.',
    '浏览器中无法使用该功能。',
    '瀏覽器中無法使用該功能。',
    'Ceci n’est pas disponible dans un navigateur.',
    'Esto no está disponible en un navegador.',
  ),
  qrInvalid: t(
    'QR code invalid.',
    '二维码无效。',
    '二維碼無效。',
    'QR code invalide.',
    'Código QR no válido.',
  ),
  orderNotFound: t(
    'This order was not found.',
    '没有找到该订单。',
    '沒有找到該訂單。',
    'Commande introuvable.',
    'No se encontró el pedido.',
  ),
  functionClosed: t(
    'The member card is not available at this shop.',
    '本店暂未开通会员功能。',
    '本店暫未開通會員功能。',
    'La carte de membre n’est pas proposée dans cette boutique.',
    'La tarjeta de socio no está disponible en esta tienda.',
  ),
  logTooLarge: t(
    'The report is too long.',
    '日志内容过长。',
    '日誌內容過長。',
    'Le rapport est trop long.',
    'El informe es demasiado largo.',
  ),
  logRateLimited: t(
    'Too many reports. Please try again later.',
    '日志上报过于频繁，请稍后再试。',
    '日誌上報過於頻繁，請稍後再試。',
    'Trop de rapports. Réessayez plus tard.',
    'Demasiados informes. Inténtalo más tarde.',
  ),
};

/** Success messages. */
export const memberMessages = {
  registered: t(
    'Welcome! You are now a member.',
    '注册成功，欢迎成为会员！',
    '註冊成功，歡迎成為會員！',
    'Bienvenue ! Vous êtes maintenant membre.',
    '¡Bienvenido! Ya eres socio.',
  ),
  bound: t(
    'Your member card is linked.',
    '会员卡绑定成功。',
    '會員卡綁定成功。',
    'Votre carte de membre est associée.',
    'Tu tarjeta de socio está vinculada.',
  ),
  updated: t('Saved.', '保存成功。', '儲存成功。', 'Enregistré.', 'Guardado.'),
  passwordSet: t(
    'Your pay password is set.',
    '支付密码设置成功。',
    '支付密碼設定成功。',
    'Votre code de paiement est défini.',
    'Tu clave de pago está configurada.',
  ),
  passwordChanged: t(
    'Your pay password is changed.',
    '支付密码修改成功。',
    '支付密碼修改成功。',
    'Votre code de paiement est modifié.',
    'Tu clave de pago ha cambiado.',
  ),
  passwordReset: t(
    'Your pay password is reset.',
    '支付密码重置成功。',
    '支付密碼重設成功。',
    'Votre code de paiement est réinitialisé.',
    'Tu clave de pago se ha restablecido.',
  ),
  phoneVerified: t(
    'Phone verified. Please set a new pay password.',
    '验证成功，请设置新的支付密码。',
    '驗證成功，請設定新的支付密碼。',
    'Téléphone vérifié. Choisissez un nouveau code de paiement.',
    'Teléfono verificado. Elige una nueva clave de pago.',
  ),
  notMemberCanRegister: t(
    'This phone number is not a member yet. You can register now.',
    '该手机号还不是会员，可以立即注册。',
    '該手機號還不是會員，可以立即註冊。',
    'Ce numéro n’est pas encore membre. Vous pouvez vous inscrire maintenant.',
    'Este teléfono aún no es socio. Puedes registrarte ahora.',
  ),
  termsTitle: t('Member terms', '会员协议', '會員協議', 'Conditions d’adhésion', 'Condiciones de socio'),
  privacyTitle: t(
    'Privacy notice',
    '隐私政策',
    '隱私政策',
    'Politique de confidentialité',
    'Aviso de privacidad',
  ),
} as const;
