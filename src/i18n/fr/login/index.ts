// The SMS login page (spec §2 /pages/user/login). Loaded with loadNamespaceAsync before it renders.
import type { NamespaceLoginTranslation } from '../../i18n-types';

const fr_login = {
  title: 'Connexion',
  intro: 'Saisissez votre numéro : nous vous enverrons un code par SMS.',
  phone: 'Numéro de téléphone',
  phonePlaceholder: 'Numéro de mobile',
  code: 'Code de vérification',
  codePlaceholder: 'Code à 6 chiffres',
  sendCode: 'Envoyer le code',
  resendIn: 'Renvoyer dans {seconds} s',
  submit: 'Se connecter',
  phoneInvalid: 'Veuillez saisir un numéro valide.',
  codeRequired: 'Veuillez saisir le code reçu.',
  codeSent: 'Code envoyé',
  demoCode: 'Mode démo : votre code est {code}',
  wrongCode: 'Le code est erroné ou a expiré.',
  noSmsLeft: 'Plus aucun SMS ne peut être envoyé pour le moment. Réessayez plus tard.',
  sendFailed: 'Le code n’a pas pu être envoyé. Veuillez réessayer.',
  editPhone: 'Changer de numéro',
  success: 'Connecté',
} satisfies NamespaceLoginTranslation;

export default fr_login;
