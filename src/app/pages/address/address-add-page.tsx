// /pages/user/address/add: a new delivery address.
import { AddressAddPage } from './address-edit-page';

export default AddressAddPage;
