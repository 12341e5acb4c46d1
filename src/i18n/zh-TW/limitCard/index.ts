// 次卡：我的次卡、使用紀錄和確認訂單頁的次卡一欄。
import type { NamespaceLimitCardTranslation } from '../../i18n-types';

const zhTW_limitCard = {
  title: '次卡',
  historyTitle: '次卡使用紀錄',
  memberEntry: '我的次卡',
  memberEntryHint: '預付次數，常點常省',
  remaining: '剩餘 {remaining}/{total} 次',
  validUntil: '有效期至 {date}',
  validFrom: '{date} 起可用',
  noEnd: '長期有效',
  covers: '適用商品：{products}',
  coversUnknown: '適用於其他門市的商品',
  history: '使用紀錄',
  empty: '暫無次卡',
  emptyHint: '可在門市購買，或透過儲值活動獲得。',
  topUp: '查看儲值活動',
  historyEmpty: '暫無使用紀錄',
  historyEmptyHint: '下單時用次卡抵扣，紀錄會顯示在這裡。',
  filterLabel: '篩選',
  filterAll: '全部',
  order: '訂單 {orderNo}',
  atCounter: '門市使用',
  after: '剩餘 {remaining} 次',
  uses: '{uses} 次',
  rowLabel: '次卡',
  rowChoose: '{count} 張可抵扣',
  rowChosen: '{name} · 抵扣 {uses} 次，−{amount}',
  rowLoading: '正在載入次卡…',
  sheetTitle: '使用次卡',
  sheetNone: '不使用次卡',
  sheetTakes: '{units} 份{product}免費 · 用 {uses} 次（剩 {remaining} 次）',
  paidByCard: '次卡抵扣',
  refused: '該次卡已從訂單移除：{reason}',
  state: {
    usable: '可用',
    usedUp: '已用完',
    expired: '已過期',
    notYetValid: '未生效',
  },
  kind: {
    grant: '獲得次卡',
    orderUse: '使用',
    orderReturn: '退回',
  },
} satisfies NamespaceLimitCardTranslation;

export default zhTW_limitCard;
