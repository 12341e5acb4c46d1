// Logging in by SMS in demo mode, where the reply carries the code, then looking at the profile.
import { expect, test } from './fixtures';

test('a customer logs in with the SMS code and sees their profile', async ({ app, center, login, page }) => {
  await app.open('/', { id: 3 });
  await app.expectRoute('/pages/user/index-tab');
  await app.tab('我的').click();
  await center.loginEntry.click();
  await app.expectRoute('/pages/user/login');
  await app.expectAccessible();

  await login.phone.fill('12345');
  await login.sendCode.click();
  await expect(page.getByRole('alert')).toHaveText('请输入正确的手机号。');

  await login.phone.fill('13900139000');
  await login.sendCode.click();
  await expect(login.demoCode).toBeVisible();
  const code = (await login.demoCode.textContent())?.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();
  await expect(login.code).toHaveValue(code!);
  await login.submit.click();

  await app.expectRoute('/pages/user/center');
  await expect(page.getByTestId('user-name')).toHaveText('139****9000');
  // The shop registers members on the web: a customer who is not one is asked once, and may say later.
  const prompt = page.getByRole('dialog', { name: '成为会员' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: '以后再说' }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('link', { name: '编辑资料' }).click();
  await app.expectRoute('/pages/user/info');
  await expect(page.getByTestId('profile-phone')).toContainText('13900139000');
  await app.expectAccessible();

  await page.getByLabel('昵称').fill('小林');
  await page.getByRole('radio', { name: '女' }).check();
  await page.getByLabel('生日').fill('1990-05-01');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await app.expectRoute('/pages/user/center');
  await expect(page.getByTestId('user-name')).toHaveText('小林');
  // Once per launch: back on the page, no second prompt.
  await expect(prompt).toBeHidden();
});

test('a profile without a nickname is refused and nothing is saved', async ({ app, page }) => {
  await app.open('/', { id: 3 });
  await app.expectRoute('/pages/user/index-tab');
  await app.open('/pages/user/info');
  await expect(page.getByLabel('昵称')).toBeVisible();
  await page.getByLabel('昵称').fill('   ');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('请输入昵称。');
});

test('a wrong code is refused with a message and the customer can try again', async ({
  app,
  login,
  page,
}) => {
  await app.open('/', { id: 3 });
  await app.expectRoute('/pages/user/index-tab');
  await app.open('/pages/user/login');
  await login.phone.fill('13700137000');
  await login.sendCode.click();
  await expect(login.demoCode).toBeVisible();
  const code = (await login.demoCode.textContent())?.match(/\d{6}/)?.[0] ?? '000000';
  const wrong = code === '111111' ? '222222' : '111111';
  await login.code.fill(wrong);
  await login.submit.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await app.expectRoute('/pages/user/login');
});

test('a login made after opening an entry link with an openid stays with this browser', async ({
  app,
  center,
  login,
  page,
  request,
}) => {
  // The link names a key of the sender's choosing; the browser opens its session with its own device id.
  const planted = 'planted-openid-0001';
  await app.open('/', { id: 3, openid: planted });
  await app.expectRoute('/pages/user/index-tab');
  const deviceId = await page.evaluate(() => localStorage.getItem('deviceId'));
  expect(deviceId).not.toBe(planted);
  await app.open('/pages/user/login');
  await login.phone.fill('13900139011');
  await login.sendCode.click();
  await expect(login.demoCode).toBeVisible();
  await login.submit.click();
  await app.expectRoute('/pages/user/center');
  // The shop registers members on the web: its once-per-launch invitation comes first.
  const invitation = page.getByRole('dialog', { name: '成为会员' });
  await expect(invitation).toBeVisible();
  await invitation.getByRole('button', { name: '以后再说' }).click();
  await expect(invitation).toBeHidden();

  const userInfo = (token: string) =>
    request.post('/new/consumer/store/userInfo', { data: {}, headers: { token, language: 'en' } });
  for (const openid of [planted, deviceId!]) {
    const entry = await request.post('/new/consumer/user/h5entry', { data: { id: 3, openid } });
    const { token } = (await entry.json()).info as { token: string };
    const info = (await (await userInfo(token)).json()).info as { customer: { phone: string | null } };
    expect(info.customer.phone).toBeNull();
  }

  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('token') ?? 'null') as { value: string },
  );
  expect((await (await userInfo(stored.value)).json()).info.customer.phone).toBe('13900139011');
  await app.tab('我的').click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(center.loginEntry).toBeVisible();
  expect((await userInfo(stored.value)).status()).toBe(401);
});
