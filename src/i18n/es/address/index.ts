// Delivery addresses (spec §2 /pages/user/address/*): the address book, the address form and the
// location pick with its map. Loaded with loadNamespaceAsync before those pages render.
import type { NamespaceAddressTranslation } from '../../i18n-types';

const es_address = {
  listTitle: 'Mis direcciones',
  chooseTitle: 'Elegir dirección de entrega',
  addTitle: 'Nueva dirección',
  editTitle: 'Editar dirección',
  add: 'Añadir una dirección',
  empty: 'Aún no hay direcciones.',
  emptyHint: 'Añade una para recibir tu pedido.',
  default: 'Predeterminada',
  makeDefault: 'Usar como dirección predeterminada',
  edit: 'Editar',
  editOne: 'Editar {address}',
  delete: 'Eliminar',
  deleteOne: 'Eliminar {address}',
  noGps: 'Aún sin ubicación: elige un lugar de la lista o usa tu ubicación.',
  hasGps: 'Ubicación guardada.',
  locating: 'Buscando tu ubicación…',
  locate: 'Usar mi ubicación actual',
  mapPick: 'Elegir en el mapa',
  mapHint: 'Arrastra el mapa para poner el marcador en tu puerta.',
  mapFailed: 'No se pudo cargar el mapa.',
  name: 'Nombre',
  phone: 'Teléfono',
  place: 'Calle o edificio',
  placePlaceholder: 'Escribe para buscar, p. ej. una calle o un edificio',
  places: 'Lugares encontrados',
  houseNumber: 'Piso, puerta',
  houseNumberPlaceholder: 'p. ej. 12.º B',
  loginFirst: 'Inicia sesión con tu teléfono para usar direcciones de entrega.',
  goToLogin: 'Iniciar sesión',
  notFound: 'No se encuentra esta dirección.',
  error: {
    nameRequired: 'Introduce un nombre.',
    phoneRequired: 'Introduce un teléfono.',
    phoneInvalid: 'Introduce un número de teléfono correcto.',
    addressRequired: 'Introduce la dirección.',
    tooLong: 'Es demasiado largo.',
    geoUnsupported: 'Este dispositivo no admite geolocalización. Escribe la dirección.',
    geoDenied: 'Se denegó el permiso de ubicación. Escribe la dirección.',
    geoUnavailable: 'No hay ubicación (GPS) disponible. Escribe la dirección.',
    geoTimeout: 'La ubicación tardó demasiado. Escribe la dirección.',
  },
} satisfies NamespaceAddressTranslation;

export default es_address;
