// Cartes à utilisations : les cartes du membre, leurs utilisations et la ligne de la page de commande.
import type { NamespaceLimitCardTranslation } from '../../i18n-types';

const fr_limitCard = {
  title: 'Cartes à utilisations',
  historyTitle: 'Utilisations des cartes',
  memberEntry: 'Cartes à utilisations',
  memberEntryHint: 'Des utilisations prépayées de vos plats préférés',
  remaining: '{remaining} utilisations sur {total}',
  validUntil: 'Valable jusqu’au {date}',
  validFrom: 'Utilisable à partir du {date}',
  noEnd: 'Sans date de fin',
  covers: 'Couvre : {products}',
  coversUnknown: 'Couvre des produits d’une autre boutique',
  history: 'Utilisations',
  empty: 'Aucune carte à utilisations',
  emptyHint: 'Achetez-en une en boutique ou obtenez-la avec une offre de recharge.',
  topUp: 'Voir les offres de recharge',
  historyEmpty: 'Aucune utilisation',
  historyEmptyHint: 'Payez un plat avec une carte à la commande : il apparaîtra ici.',
  filterLabel: 'Afficher',
  filterAll: 'Tout',
  order: 'Commande {orderNo}',
  atCounter: 'En boutique',
  after: 'Reste {remaining}',
  uses: '{uses} utilisations',
  rowLabel: 'Carte à utilisations',
  rowChoose: '{count} peut régler des articles',
  rowChosen: '{name} · {uses} utilisations, −{amount}',
  rowLoading: 'Chargement de vos cartes…',
  sheetTitle: 'Payer avec une carte',
  sheetNone: 'Ne pas utiliser de carte',
  sheetTakes: '{units} × {product} offerts · {uses} utilisations sur {remaining}',
  paidByCard: 'Réglé par la carte',
  refused: 'La carte a été retirée de la commande : {reason}',
  state: {
    usable: 'Utilisable',
    usedUp: 'Épuisée',
    expired: 'Expirée',
    notYetValid: 'Pas encore valable',
  },
  kind: {
    grant: 'Carte émise',
    orderUse: 'Utilisée',
    orderReturn: 'Rendue',
  },
} satisfies NamespaceLimitCardTranslation;

export default fr_limitCard;
