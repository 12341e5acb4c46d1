// The customer's own pages: the "my" tab (spec §2 /pages/user/center) and the profile (/pages/user/info).
// Loaded with loadNamespaceAsync before they render.
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
  user: {
    centerTitle: 'Moi',
    loginEntry: 'Se connecter / s’inscrire',
    loginPrompt: 'Connectez-vous pour voir vos commandes, bons et carte de membre.',
    guest: 'Invité',
    editInfo: 'Modifier le profil',
    logout: 'Se déconnecter',
    language: 'Langue',
    level: 'Niveau',
    points: 'Points',
    balance: 'Solde',
    giftBalance: 'Solde offert',
  },
} satisfies NamespaceInfoTranslation;

export default fr_info;
