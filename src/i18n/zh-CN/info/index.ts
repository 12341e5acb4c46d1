// “我的”页与个人资料页。
import type { NamespaceInfoTranslation } from '../../i18n-types';

const zhCN_info = {
  title: '个人资料',
  nickname: '昵称',
  gender: '性别',
  birthday: '生日',
  phone: '手机号',
  unknown: '未设置',
  male: '男',
  female: '女',
  saved: '已保存',
  nicknameRequired: '请输入昵称。',
  notLoggedIn: '登录后可查看和编辑个人资料。',
  user: {
    centerTitle: '我的',
    loginEntry: '登录 / 注册',
    loginPrompt: '登录后可查看订单、优惠券和会员卡。',
    guest: '游客',
    editInfo: '编辑资料',
    logout: '退出登录',
    language: '语言',
    level: '等级',
    points: '积分',
    balance: '余额',
    giftBalance: '赠送余额',
  },
} satisfies NamespaceInfoTranslation;

export default zhCN_info;
