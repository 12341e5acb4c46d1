// Limit (times) cards: the member's cards (/member/limit-card), their uses (/member/limit-card-history) and
// the confirm page's card row. Loaded with loadNamespaceAsync before those render.
import type { BaseTranslation } from '../../i18n-types';

const en_limitCard = {
  title: 'Limit cards',
  historyTitle: 'Card uses',
  memberEntry: 'Limit cards',
  memberEntryHint: 'Prepaid uses of dishes you love',
  remaining: '{remaining:number} of {total:number} uses left',
  validUntil: 'Valid until {date:string}',
  validFrom: 'Usable from {date:string}',
  noEnd: 'No end date',
  covers: 'Pays for: {products:string}',
  coversUnknown: 'Pays for products of another branch',
  history: 'Uses',
  empty: 'No limit cards yet',
  emptyHint: 'Buy one at the counter, or get one with a top-up offer.',
  topUp: 'See top-up offers',
  historyEmpty: 'No uses yet',
  historyEmptyHint: 'Pay for a dish with a limit card at checkout and it shows here.',
  filterLabel: 'Show',
  filterAll: 'All',
  order: 'Order {orderNo:string}',
  atCounter: 'At the counter',
  after: '{remaining:number} left',
  uses: '{uses:number} uses',
  rowLabel: 'Limit card',
  rowChoose: '{count:number} can pay for items here',
  rowChosen: '{name:string} · {uses:number} uses, −{amount:string}',
  rowLoading: 'Loading your cards…',
  sheetTitle: 'Pay with a limit card',
  sheetNone: 'Don’t use a limit card',
  sheetTakes:
    '{units:number} × {product:string} at no charge · takes {uses:number} of {remaining:number} uses',
  paidByCard: 'Paid by limit card',
  refused: 'The card was taken off this order: {reason:string}',
  state: {
    usable: 'Usable',
    usedUp: 'Used up',
    expired: 'Expired',
    notYetValid: 'Not yet valid',
  },
  kind: {
    grant: 'Card issued',
    orderUse: 'Used',
    orderReturn: 'Returned',
  },
} satisfies BaseTranslation;

export default en_limitCard;
