// Delivery addresses (spec §2 /pages/user/address/*): the address book, the address form and the
// location pick with its map. Loaded with loadNamespaceAsync before those pages render.
import type { BaseTranslation } from '../../i18n-types';

const en_address = {
  listTitle: 'My addresses',
  chooseTitle: 'Choose a delivery address',
  addTitle: 'New address',
  editTitle: 'Edit address',
  add: 'Add a new address',
  empty: 'No addresses yet.',
  emptyHint: 'Add one to have your order delivered.',
  default: 'Default',
  makeDefault: 'Make this my default address',
  edit: 'Edit',
  editOne: 'Edit {address:string}',
  delete: 'Delete',
  deleteOne: 'Delete {address:string}',
  noGps: 'No map location yet: pick a place from the list or use your location.',
  hasGps: 'Location set.',
  locating: 'Finding your location…',
  locate: 'Use my current location',
  mapPick: 'Pick on the map',
  mapHint: 'Drag the map to put the pin on your door.',
  mapFailed: 'Map load failed.',
  name: 'Name',
  phone: 'Phone',
  place: 'Street or building',
  placePlaceholder: 'Type to search, e.g. a road or building',
  places: 'Places found',
  houseNumber: 'Flat, floor, door',
  houseNumberPlaceholder: 'e.g. Room 1203',
  loginFirst: 'Log in with your phone to use delivery addresses.',
  goToLogin: 'Log in',
  notFound: 'This address could not be found.',
  error: {
    nameRequired: 'Please enter a name.',
    phoneRequired: 'Please enter a phone number.',
    phoneInvalid: 'Please enter a correct phone number.',
    addressRequired: 'Please enter the address.',
    tooLong: 'This is too long.',
    geoUnsupported: 'This device does not support geolocation. Please type the address.',
    geoDenied: 'Location permission was refused. Please type the address.',
    geoUnavailable: 'No location (GPS) is available right now. Please type the address.',
    geoTimeout: 'Finding your location took too long. Please type the address.',
  },
} satisfies BaseTranslation;

export default en_address;
