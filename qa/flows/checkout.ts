// Checkout as QA replays it: a self-pickup or takeaway order from the burger counter's menu (demo shop 1),
// or dine-in from the QR code of its table B3; the confirm page filled field by field, each submit checked
// on the screen, and the placed order's page with its pay button. The model is the one
// tests/model/checkout/checkout-journey.model.test.ts walks against the real checkout machine.
import { expect } from '../expect';
import { App, LoginPage, MenuPage } from '../../tests/e2e/pages/app';
import { AddToCart, CartBar, ConfirmPage, SuccessPage } from '../../tests/e2e/pages/order';
import { PayPanel } from '../../tests/e2e/pages/payment';
import {
  CHECKOUT_JOURNEY_EVENTS,
  checkoutJourneyModel,
  type CheckoutJourneyContext,
  type CheckoutJourneyEvent,
  type JourneyOrderType,
} from '../models/checkout.model';
import type { QaFlow, Run } from '../flow';

const SHOP = 1;
/** Table B3 of the burger counter: its printed QR code opens `/#/?id=1&table=1705`. */
const TABLE = 1705;
const ORDER_TYPE_BUTTON: Record<Exclude<JourneyOrderType, 'dine'>, string> = {
  selfPickup: '自取',
  takeaway: '外卖',
};
const TIME_FIELD: Record<Exclude<JourneyOrderType, 'dine'>, string> = {
  selfPickup: '自取时间',
  takeaway: '送达时间',
};
/** What the confirm page says at each field a submit stops at. */
const ERROR_TEXT = {
  selfPickup: { contact: '请填写取餐人姓名和电话。', focus: '取餐人' },
  takeaway: { contact: '请选择收货地址。', focus: null },
  person: '请输入 1 到 6 之间的用餐人数。',
} as const;

const modelOf = (state: { context: unknown }) => state.context as CheckoutJourneyContext;

/** A phone no earlier run used, so its address book starts empty. */
const freshPhone = () => `139${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 11);

/** Corn cup, onion rings and the must-pick "no cutlery": above the starting price of every order type. */
async function fillCart(run: Run) {
  const menu = new MenuPage(run.page);
  const adding = new AddToCart(run.page);
  await menu.waitForProducts();
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await new CartBar(run.page).checkout.click();
  await new App(run.page).expectRoute('/order/confirm');
}

async function logIn(run: Run) {
  const app = new App(run.page);
  await app.open('/', { id: SHOP });
  await new MenuPage(run.page).waitForProducts();
  await app.open('/pages/user/login');
  await new LoginPage(run.page).withDemoCode(freshPhone());
}

/** Adds a delivery address near the counter (found by typing: no map key) and chooses it. */
async function addDeliveryAddress(run: Run) {
  const { page } = run;
  const app = new App(page);
  await page.getByRole('link', { name: '选择收货地址' }).click();
  await app.expectRoute('/pages/user/address/list');
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await app.expectRoute('/pages/user/address/add');
  await page.getByLabel('联系人').fill('李雷');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByLabel('街道或楼宇').fill('人民广场');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await page.getByLabel('门牌号').fill('1203 室');
  await page.getByRole('button', { name: '保存' }).click();
  await app.expectRoute('/pages/user/address/list');
  await page
    .getByTestId('address')
    .getByRole('button', { name: /^人民广场/ })
    .click();
  await app.expectRoute('/order/confirm');
}

const visibleErrors = (run: Run) =>
  run.page.getByRole('alert').filter({
    hasText: new RegExp(
      [ERROR_TEXT.selfPickup.contact, ERROR_TEXT.takeaway.contact, ERROR_TEXT.person, '请选择.*时间'].join(
        '|',
      ),
    ),
  });

async function checkPickupOrTakeaway(run: Run, model: CheckoutJourneyContext) {
  const type = model.orderType as Exclude<JourneyOrderType, 'dine'>;
  const confirm = new ConfirmPage(run.page);
  const timeField = confirm.field(TIME_FIELD[type]);
  if (type === 'selfPickup') {
    await expect(confirm.field('取餐人')).toHaveValue(model.contact ? '王小明' : '');
  } else if (model.contact) {
    await expect(confirm.field('联系人')).toHaveValue('李雷');
    await expect(run.page.getByText(/人民广场/).first()).toBeVisible();
  } else {
    await expect(run.page.getByRole('link', { name: '选择收货地址' })).toBeVisible();
  }
  if (model.time) await expect(timeField).toContainText(/\d{2}:\d{2}/);
  else await expect(timeField).not.toContainText(/\d{2}:\d{2}/);
  if (model.error === 'contact') {
    await expect(visibleErrors(run)).toHaveText(ERROR_TEXT[type].contact);
    const focus = ERROR_TEXT[type].focus;
    if (focus) await expect(confirm.field(focus)).toBeFocused();
  } else if (model.error === 'time') {
    await expect(timeField).toBeFocused();
  } else {
    await expect(visibleErrors(run)).toHaveCount(0);
  }
}

async function checkDine(run: Run, model: CheckoutJourneyContext) {
  const confirm = new ConfirmPage(run.page);
  await expect(run.page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');
  await expect(confirm.field(/用餐人数/)).toHaveValue(model.person ? '3' : '');
  if (model.error === 'person') {
    await expect(visibleErrors(run)).toHaveText(ERROR_TEXT.person);
    await expect(confirm.field(/用餐人数/)).toBeFocused();
  } else {
    await expect(visibleErrors(run)).toHaveCount(0);
  }
}

export const checkoutFlow: QaFlow<CheckoutJourneyEvent> = {
  name: 'checkout',
  title: 'Checkout: takeaway, self-pickup and dine-in from a table code',
  startsWith:
    'A new visitor of the burger counter (shop 1): self-pickup from its menu, takeaway after logging in ' +
    'with the demo SMS code on a new phone, dine-in from the QR code of table B3 (/#/?id=1&table=1705).',
  model: checkoutJourneyModel,
  events: CHECKOUT_JOURNEY_EVENTS,
  begin: async () => {},
  actions: {
    OPEN: async (run, { orderType }) => {
      const app = new App(run.page);
      if (orderType === 'dine') {
        await app.open('/', { id: SHOP, table: TABLE });
        await app.expectRoute('/product/index');
        await expect(run.page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
      } else {
        if (orderType === 'takeaway') await logIn(run);
        await app.open(orderType === 'takeaway' ? '/product/index' : '/', { id: SHOP });
        await new MenuPage(run.page).waitForProducts();
        await new CartBar(run.page).orderType(ORDER_TYPE_BUTTON[orderType]);
      }
      run.memory.set('orderType', orderType);
      await fillCart(run);
    },
    FILL_CONTACT: async (run) => {
      if (run.memory.get('orderType') === 'takeaway') return addDeliveryAddress(run);
      const confirm = new ConfirmPage(run.page);
      await confirm.field('取餐人').fill('王小明');
      await confirm.field('取餐人电话').fill('13800138000');
    },
    PICK_TIME: async (run) => {
      const type = run.memory.get('orderType') as Exclude<JourneyOrderType, 'dine'>;
      await new ConfirmPage(run.page).slotAnHourAhead(TIME_FIELD[type]);
    },
    SET_PERSON: async (run) => {
      await new ConfirmPage(run.page).field(/用餐人数/).fill('3');
    },
    SUBMIT: async (run) => {
      await new ConfirmPage(run.page).submit.click();
    },
  },
  checks: {
    start: async (run) => {
      expect(run.page.url()).toBe('about:blank');
    },
    editing: async (run, state) => {
      const app = new App(run.page);
      await app.expectRoute('/order/confirm');
      await expect(app.heading('确认订单')).toBeVisible();
      const model = modelOf(state);
      if (model.orderType === 'dine') await checkDine(run, model);
      else await checkPickupOrTakeaway(run, model);
    },
    placed: async (run) => {
      const app = new App(run.page);
      const success = new SuccessPage(run.page);
      const pay = new PayPanel(run.page);
      await app.expectRoute('/order/success');
      await expect(success.daySeq).toHaveText(/^\d+$/);
      await expect(success.orderNo).not.toBeEmpty();
      await expect(pay.panel).toBeVisible();
      await expect(pay.action(/^(支付 |确认：)/)).toBeVisible();
    },
  },
};
