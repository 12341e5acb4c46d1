// /pages/user/address/update?id=: an existing delivery address.
import { AddressUpdatePage } from './address-edit-page';

export default AddressUpdatePage;
