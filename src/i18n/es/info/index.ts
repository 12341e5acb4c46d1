// The profile page (spec §2 /pages/user/info). Loaded with loadNamespaceAsync before it renders.
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
} satisfies NamespaceInfoTranslation;

export default es_info;
