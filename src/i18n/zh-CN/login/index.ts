// 短信验证码登录页。
import type { NamespaceLoginTranslation } from '../../i18n-types';

const zhCN_login = {
  title: '登录',
  intro: '输入手机号，我们会发送验证码给你。',
  phone: '手机号',
  phonePlaceholder: '请输入手机号',
  code: '验证码',
  codePlaceholder: '6 位验证码',
  sendCode: '获取验证码',
  resendIn: '{seconds} 秒后重发',
  submit: '登录',
  phoneInvalid: '请输入正确的手机号。',
  codeRequired: '请输入短信验证码。',
  codeSent: '验证码已发送',
  demoCode: '演示模式：验证码为 {code}',
  wrongCode: '验证码错误或已过期。',
  noSmsLeft: '短信余量不足，暂时无法发送，请稍后再试。',
  sendFailed: '验证码发送失败，请重试。',
  editPhone: '更换手机号',
  success: '登录成功',
} satisfies NamespaceLoginTranslation;

export default zhCN_login;
