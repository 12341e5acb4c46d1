// Delivery addresses (spec §2 /pages/user/address/*): the address book, the address form and the
// location pick with its map. Loaded with loadNamespaceAsync before those pages render.
import type { NamespaceAddressTranslation } from '../../i18n-types';

const fr_address = {
  listTitle: 'Mes adresses',
  chooseTitle: 'Choisir une adresse de livraison',
  addTitle: 'Nouvelle adresse',
  editTitle: 'Modifier l’adresse',
  add: 'Ajouter une adresse',
  empty: 'Aucune adresse pour l’instant.',
  emptyHint: 'Ajoutez-en une pour vous faire livrer.',
  default: 'Par défaut',
  makeDefault: 'En faire mon adresse par défaut',
  edit: 'Modifier',
  editOne: 'Modifier {address}',
  delete: 'Supprimer',
  deleteOne: 'Supprimer {address}',
  noGps: 'Pas encore de position : choisissez un lieu dans la liste ou utilisez votre position.',
  hasGps: 'Position enregistrée.',
  locating: 'Recherche de votre position…',
  locate: 'Utiliser ma position actuelle',
  mapPick: 'Choisir sur la carte',
  mapHint: 'Faites glisser la carte pour placer l’épingle sur votre porte.',
  mapFailed: 'Échec du chargement de la carte.',
  name: 'Nom',
  phone: 'Téléphone',
  place: 'Rue ou bâtiment',
  placePlaceholder: 'Tapez pour chercher, p. ex. une rue ou un bâtiment',
  places: 'Lieux trouvés',
  houseNumber: 'Appartement, étage, porte',
  houseNumberPlaceholder: 'p. ex. appt 1203',
  loginFirst: 'Connectez-vous avec votre téléphone pour utiliser les adresses de livraison.',
  goToLogin: 'Se connecter',
  notFound: 'Cette adresse est introuvable.',
  error: {
    nameRequired: 'Saisissez un nom.',
    phoneRequired: 'Saisissez un numéro de téléphone.',
    phoneInvalid: 'Saisissez un numéro de téléphone correct.',
    addressRequired: 'Saisissez l’adresse.',
    tooLong: 'C’est trop long.',
    geoUnsupported: 'Cet appareil ne prend pas en charge la géolocalisation. Tapez l’adresse.',
    geoDenied: 'L’accès à la position a été refusé. Tapez l’adresse.',
    geoUnavailable: 'Aucune position (GPS) disponible. Tapez l’adresse.',
    geoTimeout: 'La localisation a pris trop de temps. Tapez l’adresse.',
  },
} satisfies NamespaceAddressTranslation;

export default fr_address;
