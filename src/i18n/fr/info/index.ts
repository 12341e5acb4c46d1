// The profile page (spec §2 /pages/user/info). Loaded with loadNamespaceAsync before it renders.
import type { NamespaceInfoTranslation } from '../../i18n-types';

const fr_info = {
  title: 'Mon profil',
  nickname: 'Pseudo',
  gender: 'Genre',
  birthday: 'Date de naissance',
  phone: 'Téléphone',
  unknown: 'Non renseigné',
  male: 'Homme',
  female: 'Femme',
  saved: 'Enregistré',
  nicknameRequired: 'Veuillez saisir un pseudo.',
  notLoggedIn: 'Connectez-vous pour voir et modifier votre profil.',
} satisfies NamespaceInfoTranslation;

export default fr_info;
