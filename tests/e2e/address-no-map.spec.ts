// Without a browser map key (the default server of the suite), the location pick is the typed place search
// and the device's position: no map button, no map script, no error (spec §2 /pages/user/address/poi).
import { expect, test } from './fixtures';

test('without a map key the location pick offers typed search only, and no map script loads', async ({
  app,
  login,
  menu,
  page,
}) => {
  const mapRequests: string[] = [];
  page.on('request', (request) => {
    if (/webapi\.amap\.com|maps\.googleapis\.com/.test(request.url())) mapRequests.push(request.url());
  });
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await app.open('/pages/user/login');
  const phone = `136${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await login.withDemoCode(phone);

  await app.open('/pages/user/address/poi');
  await expect(app.heading('新增地址')).toBeVisible();
  await page.getByLabel('街道或楼宇').fill('外滩');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await expect(page.getByRole('button', { name: '在地图上选点' })).toHaveCount(0);
  await expect(page.getByTestId('map-error')).toHaveCount(0);
  expect(mapRequests).toEqual([]);
});
