// The zod schema of the `shops.settings` jsonb column: every shop-info field that is neither a text nor an
// id. Written values are parsed with it (seeder, future admin writes), so a read can trust the shape.
import { shopInfo } from '../../src/domain/shop';

export const shopSettingsSchema = shopInfo.omit({
  id: true,
  chainId: true,
  chainName: true,
  name: true,
  address: true,
  businessHours: true,
  notification: true,
  homeSetting: true,
  memberLevels: true,
  prefixNames: true,
  orderTypes: true,
  image: true,
});
