// /pages/user/address/poi (location pick): a new delivery address, starting with the map when a browser
// map key is configured, else with the typed place search.
import { AddressPoiPage } from './address-edit-page';

export default AddressPoiPage;
