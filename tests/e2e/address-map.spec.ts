// The map step of the location pick (spec §2 /pages/user/address/poi) on a server with a browser map key
// (playwright.config.ts project "map": GEOCODING_PROVIDER=amap, MAP_JS_KEY). The AMap JS API is served by a
// small fake through page.route on its script URL, so the whole path runs offline: the script loads only
// when the map is opened, the customer drags the map under the pin, the point is named by the server and
// fills the form, and the address is saved; a script that fails, or a key the provider refuses (the script
// loads but the map never draws), says "Map load failed." and typed search still works.
import type { Page } from '@playwright/test';
import { MAP_DRAW_TIMEOUT_MS } from '../../src/services/map';
import { expect, SHOPS_OPEN, test } from './fixtures';
import type { LoginPage, MenuPage } from './pages/app';

const SCRIPT = 'https://webapi.amap.com/maps?**';

/**
 * A fake of the AMap JS API 2.0 surface the storefront uses: `new AMap.Map(container, {center, zoom,
 * zooms})`, `on('complete' | 'moveend')`, `getCenter()`, `destroy()`. Dragging moves the centre by 0.0001°
 * per pixel, as a real map moves under a fixed pin. With a good key the map fires `complete` once it has
 * drawn (a tick after it is made); with a refused key the script still loads and calls back, as AMap's does,
 * but the map never completes.
 */
const fakeAmap = ({ keyAccepted }: { keyAccepted: boolean }) => `(() => {
  const DEG_PER_PX = 0.0001;
  const KEY_ACCEPTED = ${String(keyAccepted)};
  class LngLat {
    constructor(lng, lat) { this.lng = lng; this.lat = lat; }
    getLng() { return this.lng; }
    getLat() { return this.lat; }
  }
  class Map {
    constructor(container, options) {
      this.center = new LngLat(options.center[0], options.center[1]);
      this.handlers = {};
      this.el = document.createElement('div');
      this.el.dataset.testid = 'fake-amap';
      this.el.dataset.zoom = String(options.zoom);
      this.el.dataset.zooms = options.zooms.join('-');
      this.el.style.cssText = 'position:absolute;inset:0;touch-action:none;background:#e8eef3 repeating-linear-gradient(0deg,#d5dde5 0 1px,transparent 1px 40px),repeating-linear-gradient(90deg,#d5dde5 0 1px,transparent 1px 40px)';
      container.appendChild(this.el);
      let start = null;
      this.el.addEventListener('pointerdown', (e) => { start = [e.clientX, e.clientY]; });
      this.el.addEventListener('pointerup', (e) => {
        if (!start) return;
        const dx = e.clientX - start[0];
        const dy = e.clientY - start[1];
        start = null;
        this.center = new LngLat(
          Math.round((this.center.lng - dx * DEG_PER_PX) * 1e6) / 1e6,
          Math.round((this.center.lat + dy * DEG_PER_PX) * 1e6) / 1e6,
        );
        (this.handlers.moveend || []).forEach((h) => h());
      });
      window.__fakeAmapMaps = (window.__fakeAmapMaps || 0) + 1;
      if (KEY_ACCEPTED) setTimeout(() => (this.handlers.complete || []).forEach((h) => h()), 0);
    }
    on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); }
    getCenter() { return this.center; }
    destroy() { this.el.remove(); }
  }
  window.AMap = { Map, LngLat };
  const callback = new URL(document.currentScript.src).searchParams.get('callback');
  setTimeout(() => window[callback](), 0);
})();`;

test.describe.configure({ timeout: 60_000 });

async function logInAndOpenAddressForm(
  page: Page,
  login: LoginPage,
  menu: MenuPage,
  form: 'add' | 'poi' = 'add',
) {
  await login.open('/', { id: 1 });
  await menu.waitForProducts();
  await login.open('/pages/user/login');
  // A phone of its own, so the address book starts empty however often the suite runs on one server.
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await login.withDemoCode(phone);
  if (form === 'add') {
    await login.open('/pages/user/address/list');
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await login.expectRoute('/pages/user/address/add');
  } else {
    // The spec's location-pick route: the address form, starting on the map.
    await login.open('/pages/user/address/poi');
  }
  await page.getByLabel('联系人').fill('韩梅梅');
  await page.getByLabel('手机号').fill(phone);
  return phone;
}

test('a customer picks the delivery point on the map and saves the address', async ({
  app,
  login,
  menu,
  page,
}) => {
  const scripts: string[] = [];
  await page.route(SCRIPT, async (route) => {
    scripts.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: fakeAmap({ keyAccepted: true }) });
  });
  await logInAndOpenAddressForm(page, login, menu);

  // The provider's script loads only when the map is opened.
  const pick = page.getByRole('button', { name: '在地图上选点' });
  await expect(pick).toBeVisible();
  expect(scripts).toEqual([]);
  await pick.click();
  const sheet = page.getByRole('dialog', { name: '在地图上选点' });
  await expect(sheet.getByTestId('fake-amap')).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(new URL(scripts[0]!).searchParams.get('key')).toBe('e2e-browser-key');
  // Spec §9: default scale 16, zoom from 5 to 18.
  await expect(sheet.getByTestId('fake-amap')).toHaveAttribute('data-zoom', '16');
  await expect(sheet.getByTestId('fake-amap')).toHaveAttribute('data-zooms', '5-18');
  await expect(sheet.getByText('拖动地图，让图钉指向您的门口。')).toBeVisible();

  // The map opens on the shop (31.2152, 121.4469); dragging 16 px right and 81 px down brings Jing'an
  // Temple (31.2233, 121.4453) under the pin.
  const box = (await sheet.getByTestId('fake-amap').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 16, y + 81, { steps: 5 });
  await page.mouse.up();
  await expect(sheet.getByTestId('map-place')).toContainText('静安寺');
  await app.expectAccessible();
  await page.screenshot({ path: 'test-results/address-map-pick.png' });
  await sheet.getByRole('button', { name: '确定' }).click();

  await expect(sheet).toBeHidden();
  await expect(page.getByLabel('街道或楼宇')).toHaveValue('静安寺');
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await page.getByLabel('门牌号').fill('8 楼');
  await page.getByRole('button', { name: '保存' }).click();
  await app.expectRoute('/pages/user/address/list');
  await expect(page.getByTestId('address')).toHaveCount(1);
  await expect(page.getByTestId('address').getByRole('button', { name: /^静安寺/ })).toBeVisible();
  // Opening the map again reuses the loaded script.
  await page.getByTestId('address').getByRole('button', { name: /编辑/ }).click();
  await app.expectRoute('/pages/user/address/update');
  await page.getByRole('button', { name: '在地图上选点' }).click();
  await expect(page.getByRole('dialog', { name: '在地图上选点' }).getByTestId('map-place')).toContainText(
    '静安寺',
  );
  expect(scripts).toHaveLength(1);
});

test('a map script that fails to load says "Map load failed." and typed search still works', async ({
  app,
  login,
  menu,
  page,
}) => {
  let requested = 0;
  await page.route(SCRIPT, (route) => {
    requested += 1;
    return route.abort('connectionrefused');
  });
  // The location-pick route opens the map at once; its script fails.
  await logInAndOpenAddressForm(page, login, menu, 'poi');
  await expect(page.getByTestId('map-error')).toHaveText('地图加载失败。');
  expect(requested).toBe(1);
  // Trying again loads the script again, and fails the same way.
  await page.getByRole('button', { name: '在地图上选点' }).click();
  await expect.poll(() => requested).toBe(2);
  await expect(page.getByTestId('map-error')).toHaveText('地图加载失败。');
  await app.expectAccessible();
  await expect(page.getByRole('dialog', { name: '在地图上选点' })).toBeHidden();

  await page.getByLabel('街道或楼宇').fill('人民广场');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await expect(page.getByLabel('街道或楼宇')).toHaveValue('人民广场');
});

test.describe('a refused map key', () => {
  // The browser's clock is the scenario's own, to jump past the map's draw time-out instead of waiting it out.
  test.use({ fixedClock: false });

  test('a map that never draws says "Map load failed." and typed search still works', async ({
    app,
    login,
    menu,
    page,
  }) => {
    await page.clock.install({ time: SHOPS_OPEN });
    let requested = 0;
    await page.route(SCRIPT, async (route) => {
      requested += 1;
      await route.fulfill({ contentType: 'application/javascript', body: fakeAmap({ keyAccepted: false }) });
    });
    // The location-pick route opens the map at once; the script loads but the map stays blank.
    await logInAndOpenAddressForm(page, login, menu, 'poi');
    const sheet = page.getByRole('dialog', { name: '在地图上选点' });
    await expect(sheet.getByTestId('fake-amap')).toBeVisible();
    await expect(sheet.getByTestId('map-place')).not.toContainText('加载中');
    await expect(page.getByTestId('map-error')).toBeHidden();
    await page.clock.fastForward(MAP_DRAW_TIMEOUT_MS);
    await expect(page.getByTestId('map-error')).toHaveText('地图加载失败。');
    await expect(sheet).toBeHidden();
    // Trying again draws a new map with the loaded script, which fails the same way.
    await page.getByRole('button', { name: '在地图上选点' }).click();
    await expect(sheet.getByTestId('fake-amap')).toBeVisible();
    await expect(page.getByTestId('map-error')).toBeHidden();
    await expect(sheet.getByTestId('map-place')).not.toContainText('加载中');
    await page.clock.fastForward(MAP_DRAW_TIMEOUT_MS);
    await expect(page.getByTestId('map-error')).toHaveText('地图加载失败。');
    await expect(sheet).toBeHidden();
    expect(requested).toBe(1);
    await app.expectAccessible();

    await page.getByLabel('街道或楼宇').fill('人民广场');
    await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
    await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
    await expect(page.getByLabel('街道或楼宇')).toHaveValue('人民广场');
  });
});
