// 短信验证码登录页。
import type { NamespaceLoginTranslation } from '../../i18n-types';

const zhTW_login = {
  title: '登入',
  intro: '輸入手機號碼，我們會傳送驗證碼給你。',
  phone: '手機號碼',
  phonePlaceholder: '請輸入手機號碼',
  code: '驗證碼',
  codePlaceholder: '6 位數驗證碼',
  sendCode: '取得驗證碼',
  resendIn: '{seconds} 秒後重新傳送',
  submit: '登入',
  phoneInvalid: '請輸入正確的手機號碼。',
  codeRequired: '請輸入簡訊驗證碼。',
  codeSent: '驗證碼已傳送',
  demoCode: '示範模式：驗證碼為 {code}',
  wrongCode: '驗證碼錯誤或已過期。',
  noSmsLeft: '簡訊額度不足，暫時無法傳送，請稍後再試。',
  sendFailed: '驗證碼傳送失敗，請重試。',
  editPhone: '更換手機號碼',
  success: '登入成功',
} satisfies NamespaceLoginTranslation;

export default zhTW_login;
