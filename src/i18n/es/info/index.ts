// The customer's own pages: the "my" tab (spec §2 /pages/user/center) and the profile (/pages/user/info).
// Loaded with loadNamespaceAsync before they render.
import type { NamespaceInfoTranslation } from '../../i18n-types';

const es_info = {
  title: 'Mi perfil',
  nickname: 'Apodo',
  gender: 'Género',
  birthday: 'Cumpleaños',
  phone: 'Teléfono',
  unknown: 'Sin indicar',
  male: 'Hombre',
  female: 'Mujer',
  saved: 'Guardado',
  nicknameRequired: 'Introduce un apodo.',
  notLoggedIn: 'Inicia sesión para ver y editar tu perfil.',
  user: {
    centerTitle: 'Yo',
    loginEntry: 'Iniciar sesión / registrarse',
    loginPrompt: 'Inicia sesión para ver tus pedidos, cupones y tarjeta de socio.',
    guest: 'Invitado',
    editInfo: 'Editar perfil',
    logout: 'Cerrar sesión',
    language: 'Idioma',
    level: 'Nivel',
    points: 'Puntos',
    balance: 'Saldo',
    giftBalance: 'Saldo regalo',
  },
} satisfies NamespaceInfoTranslation;

export default es_info;
