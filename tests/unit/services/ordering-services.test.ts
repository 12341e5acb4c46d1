import { afterEach, describe, expect, it } from 'vitest';
import { addressApi } from '../../../src/services/api/address';
import { deliveryApi } from '../../../src/services/api/delivery';
import { orderApi, rejectionOf } from '../../../src/services/api/order';
import { tableApi } from '../../../src/services/api/table';
import { currentPosition, GeoError } from '../../../src/services/geolocation';
import { configureHttp, HttpError } from '../../../src/services/http';
import { ScanError, scanErrorKind, scanQrCode } from '../../../src/services/scanner';
import { createStorage, memoryKeyValue, type KeyValue } from '../../../src/services/storage';

function serve(reply: { result: boolean; info: unknown; message?: string }) {
  const sent: { path: string; body: unknown }[] = [];
  configureHttp({
    baseUrl: 'http://shop.test',
    storage: createStorage({ backend: memoryKeyValue() }),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return new Response(JSON.stringify({ message: '', ...reply }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return sent;
}

afterEach(() => configureHttp({}));

const TABLE = {
  id: 4,
  fEachFee: 0,
  nAreaID: 1,
  nFeeType: 0,
  nMaxPerson: 4,
  nStatus: 0,
  sName: 'A4',
  areaName: 'Hall',
  shopId: 1,
};

describe('ordering calls', () => {
  it('table/getTableInfo takes a table code and parses the table', async () => {
    const sent = serve({ result: true, info: TABLE });
    await expect(tableApi.getTableInfo({ tableId: 'tblCodeA4' })).resolves.toEqual(TABLE);
    expect(sent).toEqual([{ path: '/new/consumer/table/getTableInfo', body: { tableId: 'tblCodeA4' } }]);
  });

  it('a table reply that carries no info is refused', async () => {
    serve({ result: true, info: undefined });
    await expect(tableApi.getTableInfo({ tableId: 4 })).rejects.toMatchObject({ kind: 'badReply' });
  });

  it('delivery/getDistance sends exactly one of address id or point', async () => {
    const sent = serve({
      result: true,
      info: { distance: 1200, maxDistance: 5000, withinRange: true, fee: 500, freeDeliveryMinAmount: null },
    });
    await deliveryApi.getDistance({ addressId: 31 });
    await deliveryApi.getDistance({ gps: { lat: 31.2, lng: 121.4 } });
    expect(sent.map((s) => s.body)).toEqual([{ addressId: 31 }, { gps: { lat: 31.2, lng: 121.4 } }]);
  });

  // What the server refuses (an empty contact name, a short idempotency key, both an address and a
  // point) is in tests/unit/services/api.test.ts, against the consumer API itself.
  it('address/add and order/confirm send their payload as typed', async () => {
    const sent = serve({ result: true, info: null });
    await addressApi.add({ contactName: 'Li', phone: '13800138000', address: '8 Garden Road' });
    await orderApi.confirm({
      type: 'dine',
      payType: 'Cash',
      products: [{ id: 1, quantity: 1 }],
      idempotencyKey: 'key-12345678',
    });
    expect(sent).toEqual([
      {
        path: '/new/consumer/address/add',
        body: { contactName: 'Li', phone: '13800138000', address: '8 Garden Road' },
      },
      {
        path: '/new/consumer/order/confirm',
        body: {
          type: 'dine',
          payType: 'Cash',
          products: [{ id: 1, quantity: 1 }],
          idempotencyKey: 'key-12345678',
        },
      },
    ]);
  });

  it('a refused order carries its reason, which rejectionOf reads', async () => {
    serve({
      result: false,
      info: { reason: 'outOfRange', distance: 8000, maxDistance: 5000 },
      message: 'out of range',
    });
    const error = await orderApi
      .confirm(
        {
          type: 'takeaway',
          payType: 'Cash',
          products: [{ id: 1, quantity: 1 }],
          addressId: 3,
          idempotencyKey: 'key-12345678',
        },
        { toast: false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(rejectionOf(error)).toEqual({ reason: 'outOfRange', distance: 8000, maxDistance: 5000 });
    expect(rejectionOf(new HttpError('network', 5, 'timeout'))).toBeNull();
    expect(rejectionOf(new HttpError('business', -1, 'no', 200, { reason: 'somethingElse' }))).toBeNull();
  });
});

describe('cart storage', () => {
  const line = (id: number, quantity: number) => ({
    flag: `f${id}`,
    id,
    name: `P${id}`,
    typeid: 1,
    quantity,
    price: 100,
  });

  it('keeps a cart per shop, lists them in first-added order and removes the entry of an emptied cart', () => {
    const backend = memoryKeyValue();
    const storage = createStorage({ backend, now: () => 42 });
    storage.setCart({ shopId: 2, lines: [line(1, 2)], products: [] });
    storage.setCart({ shopId: 1, lines: [line(5, 1)], products: [] });
    storage.setCart({ shopId: 2, lines: [line(1, 3)], products: [] });
    expect(storage.listCarts().map((c) => [c.shopId, c.lines[0]!.quantity, c.savedAt])).toEqual([
      [2, 3, 42],
      [1, 1, 42],
    ]);
    // A new page load reads the same backend.
    expect(createStorage({ backend }).getCart(1)?.lines[0]?.id).toBe(5);
    storage.setCart({ shopId: 2, lines: [], products: [] });
    expect(storage.getCart(2)).toBeNull();
    expect(storage.listCarts().map((c) => c.shopId)).toEqual([1]);
    storage.clearCart(1);
    expect(storage.listCarts()).toEqual([]);
  });

  it('drops a stored cart that no longer has the cart shape', () => {
    const backend: KeyValue = memoryKeyValue();
    backend.setItem('cart-7', JSON.stringify({ shopId: 7, lines: [{ id: 'x' }], products: [], savedAt: 1 }));
    backend.setItem('cart-shops', '[7]');
    const storage = createStorage({ backend });
    expect(storage.getCart(7)).toBeNull();
    expect(backend.getItem('cart-7')).toBeNull();
    expect(storage.listCarts()).toEqual([]);
  });
});

describe('device services', () => {
  it('sorts camera failures into the scan error kinds', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(scanErrorKind(named('NotAllowedError'))).toBe('permissionDenied');
    expect(scanErrorKind(named('NotFoundError'))).toBe('noCamera');
    expect(scanErrorKind(named('AbortError'))).toBe('aborted');
    expect(scanErrorKind(new Error('boom'))).toBe('cameraFailure');
    expect(scanErrorKind(new ScanError('unsupported'))).toBe('unsupported');
  });

  it('a scan without camera support fails as unsupported', async () => {
    await expect(scanQrCode({ video: {} as HTMLVideoElement })).rejects.toMatchObject({
      kind: 'unsupported',
    });
  });

  it('the position comes from the browser; its failures carry their kind', async () => {
    const geo = (outcome: 'ok' | number) =>
      ({
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          outcome === 'ok'
            ? ok({ coords: { latitude: 31.2, longitude: 121.4 } } as GeolocationPosition)
            : fail({ code: outcome, message: 'no' } as GeolocationPositionError),
      }) as unknown as Geolocation;
    await expect(currentPosition(geo('ok'))).resolves.toEqual({ lat: 31.2, lng: 121.4 });
    await expect(currentPosition(geo(1))).rejects.toMatchObject({ kind: 'denied' });
    await expect(currentPosition(geo(3))).rejects.toMatchObject({ kind: 'timeout' });
    const missing = await currentPosition(undefined).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GeoError);
    expect((missing as GeoError).message).toBe('device nonsupport geolocation');
  });
});
