// 次卡：我的次卡、使用记录和确认订单页的次卡一栏。
import type { NamespaceLimitCardTranslation } from '../../i18n-types';

const zhCN_limitCard = {
  title: '次卡',
  historyTitle: '次卡使用记录',
  memberEntry: '我的次卡',
  memberEntryHint: '预付次数，常点常省',
  remaining: '剩余 {remaining}/{total} 次',
  validUntil: '有效期至 {date}',
  validFrom: '{date} 起可用',
  noEnd: '长期有效',
  covers: '适用商品：{products}',
  coversUnknown: '适用于其他门店的商品',
  history: '使用记录',
  empty: '暂无次卡',
  emptyHint: '可在门店购买，或通过充值活动获得。',
  topUp: '查看充值活动',
  historyEmpty: '暂无使用记录',
  historyEmptyHint: '下单时用次卡抵扣，记录会显示在这里。',
  filterLabel: '筛选',
  filterAll: '全部',
  order: '订单 {orderNo}',
  atCounter: '门店使用',
  after: '剩余 {remaining} 次',
  uses: '{uses} 次',
  rowLabel: '次卡',
  rowChoose: '{count} 张可抵扣',
  rowChosen: '{name} · 抵扣 {uses} 次，−{amount}',
  rowLoading: '正在加载次卡…',
  sheetTitle: '使用次卡',
  sheetNone: '不使用次卡',
  sheetTakes: '{units} 份{product}免费 · 用 {uses} 次（剩 {remaining} 次）',
  paidByCard: '次卡抵扣',
  refused: '该次卡已从订单移除：{reason}',
  state: {
    usable: '可用',
    usedUp: '已用完',
    expired: '已过期',
    notYetValid: '未生效',
  },
  kind: {
    grant: '获得次卡',
    orderUse: '使用',
    orderReturn: '退回',
  },
} satisfies NamespaceLimitCardTranslation;

export default zhCN_limitCard;
