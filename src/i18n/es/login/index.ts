// The SMS login page (spec §2 /pages/user/login). Loaded with loadNamespaceAsync before it renders.
import type { NamespaceLoginTranslation } from '../../i18n-types';

const es_login = {
  title: 'Iniciar sesión',
  intro: 'Introduce tu número y te enviaremos un código por SMS.',
  phone: 'Número de teléfono',
  phonePlaceholder: 'Número de móvil',
  code: 'Código de verificación',
  codePlaceholder: 'Código de 6 dígitos',
  sendCode: 'Enviar código',
  resendIn: 'Reenviar en {seconds} s',
  submit: 'Entrar',
  phoneInvalid: 'Introduce un número de teléfono válido.',
  codeRequired: 'Introduce el código que te enviamos.',
  codeSent: 'Código enviado',
  demoCode: 'Modo demo: tu código es {code}',
  wrongCode: 'El código es incorrecto o ha caducado.',
  noSmsLeft: 'Ahora no se pueden enviar más SMS. Inténtalo más tarde.',
  sendFailed: 'No se pudo enviar el código. Inténtalo de nuevo.',
  editPhone: 'Cambiar número',
  success: 'Sesión iniciada',
} satisfies NamespaceLoginTranslation;

export default es_login;
