// table/getTableInfo over HTTP and the table codes a printed QR code carries.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTableCodes } from '../../../server/modules/orders/tables';
import { tableEntryUrl, type TableInfo } from '../../../src/domain/api/table';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, NOON, orderSeed, SHOP, SISTER, TABLE } from './order-fixture';

describe.each(testDatabases)('table/getTableInfo on %s', (kind) => {
  const h = useTestApp(kind, { seed: orderSeed, clock: createClock(NOON) });
  let token: string;
  let codes: Map<number, string>;

  beforeAll(async () => {
    token = await enter(h, SHOP);
    codes = await ensureTableCodes(h.database.db);
  });

  it('gives every table one unguessable, stable code', async () => {
    const again = await ensureTableCodes(h.database.db);
    expect(again).toEqual(codes);
    const values = [...codes.values()];
    expect(new Set(values).size).toBe(values.length);
    for (const code of values) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers the table of spec §3 by id, digits or code', async () => {
    const expected: TableInfo = {
      id: TABLE.b1,
      fEachFee: 0,
      nAreaID: 2,
      nFeeType: 0,
      nMaxPerson: 2,
      nStatus: 0,
      sName: 'B1',
      areaName: 'Terrace',
      shopId: SHOP,
      myTabId: null,
      isCounter: false,
    };
    for (const tableId of [TABLE.b1, String(TABLE.b1), codes.get(TABLE.b1)!]) {
      const r = await h.call<TableInfo>('table/getTableInfo', { tableId }, { token, language: 'en' });
      expect(r.body.info, String(tableId)).toEqual(expected);
    }
    const zh = await h.call<TableInfo>(
      'table/getTableInfo',
      { tableId: TABLE.a1 },
      { token, language: 'zh-CN' },
    );
    expect(zh.body.info.areaName).toBe('大厅');
    expect(zh.body.info.nAreaID).toBe(1);
  });

  it('says "table number not found" for a bad code or another shop\'s table', async () => {
    const sisterTable = SISTER * 1000 + 801;
    for (const tableId of [sisterTable, codes.get(sisterTable)!, 'AAAAAAAAAAAAAAAAAAAAAA', 999_999]) {
      const r = await h.call('table/getTableInfo', { tableId }, { token, language: 'zh-CN' });
      expect(r.status).toBe(200);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toBe('台号不存在。');
      expect(r.body.info).toEqual({ reason: 'tableNotFound' });
    }
    const en = await h.call('table/getTableInfo', { tableId: 999_999 }, { token, language: 'en' });
    expect(en.body.message).toBe('Table number not found.');
    const malformed = await h.call('table/getTableInfo', { tableId: 'bad code!' }, { token, language: 'en' });
    expect(malformed.body.message).toMatch(/^Please check your input/);
  });

  it('finds a table by the number printed on it (entry table_no), ignoring case and spaces', async () => {
    for (const tableNo of ['B1', 'b1', ' B1 ']) {
      const r = await h.call<TableInfo>('table/getTableInfo', { tableNo }, { token, language: 'en' });
      expect(r.body.result, tableNo).toBe(true);
      expect(r.body.info.id).toBe(TABLE.b1);
      expect(r.body.info.sName).toBe('B1');
    }
    // An id or code names the table even when a number is sent too (a renamed table keeps its code).
    const both = await h.call<TableInfo>(
      'table/getTableInfo',
      { tableId: codes.get(TABLE.a1)!, tableNo: 'B1' },
      { token, language: 'en' },
    );
    expect(both.body.info.id).toBe(TABLE.a1);
  });

  it('says "table number not found" for an unknown printed number or one of another shop', async () => {
    // The sister shop has an A1 too; this session's shop has no A12 and no C1.
    for (const tableNo of ['A12', 'C1', 'A1 1']) {
      const r = await h.call('table/getTableInfo', { tableNo }, { token, language: 'zh-CN' });
      expect(r.status, tableNo).toBe(200);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toBe('台号不存在。');
      expect(r.body.info).toEqual({ reason: 'tableNotFound' });
    }
    const sisterToken = await enter(h, SISTER);
    const sister = await h.call<TableInfo>('table/getTableInfo', { tableNo: 'A1' }, { token: sisterToken });
    expect(sister.body.info.id).toBe(SISTER * 1000 + 801);
  });

  it('refuses a lookup without a table, or with an empty or overlong number', async () => {
    for (const body of [
      {},
      { tableNo: '' },
      { tableNo: '   ' },
      { tableNo: 'x'.repeat(33) },
      { tableNo: 7 },
    ]) {
      const r = await h.call('table/getTableInfo', body, { token, language: 'en' });
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
  });

  it('encodes the storefront entry URL', () => {
    expect(tableEntryUrl('http://localhost:8080/', 80, 'abc_DEF-123')).toBe(
      'http://localhost:8080/#/?id=80&table=abc_DEF-123',
    );
    // An open-table shop's printed code opens the table's shared tab (decision T49).
    expect(tableEntryUrl('https://shop.example', 2, 'Xy-9', { openTable: true })).toBe(
      'https://shop.example/#/?id=2&table=Xy-9&source_type=openTable',
    );
  });
});
