// Bonos de usos: los bonos del socio, sus usos y la fila de la página de confirmación.
import type { NamespaceLimitCardTranslation } from '../../i18n-types';

const es_limitCard = {
  title: 'Bonos de usos',
  historyTitle: 'Usos de los bonos',
  memberEntry: 'Bonos de usos',
  memberEntryHint: 'Usos prepagados de tus platos favoritos',
  remaining: 'Quedan {remaining} de {total} usos',
  validUntil: 'Válido hasta el {date}',
  validFrom: 'Se puede usar desde el {date}',
  noEnd: 'Sin fecha de fin',
  covers: 'Cubre: {products}',
  coversUnknown: 'Cubre productos de otra tienda',
  history: 'Usos',
  empty: 'Aún no tienes bonos de usos',
  emptyHint: 'Cómpralo en la tienda o consíguelo con una oferta de recarga.',
  topUp: 'Ver ofertas de recarga',
  historyEmpty: 'Aún no hay usos',
  historyEmptyHint: 'Paga un plato con un bono al pedir y aparecerá aquí.',
  filterLabel: 'Mostrar',
  filterAll: 'Todo',
  order: 'Pedido {orderNo}',
  atCounter: 'En la tienda',
  after: 'Quedan {remaining}',
  uses: '{uses} usos',
  rowLabel: 'Bono de usos',
  rowChoose: '{count} puede pagar artículos',
  rowChosen: '{name} · {uses} usos, −{amount}',
  rowLoading: 'Cargando tus bonos…',
  sheetTitle: 'Pagar con un bono',
  sheetNone: 'No usar bono',
  sheetTakes: '{units} × {product} sin cargo · usa {uses} de {remaining}',
  paidByCard: 'Pagado con el bono',
  refused: 'Se quitó el bono del pedido: {reason}',
  state: {
    usable: 'Disponible',
    usedUp: 'Agotado',
    expired: 'Caducado',
    notYetValid: 'Aún no válido',
  },
  kind: {
    grant: 'Bono emitido',
    orderUse: 'Usado',
    orderReturn: 'Devuelto',
  },
} satisfies NamespaceLimitCardTranslation;

export default es_limitCard;
