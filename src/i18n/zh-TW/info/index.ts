// “我的”页与个人资料页。
import type { NamespaceInfoTranslation } from '../../i18n-types';

const zhTW_info = {
  title: '個人資料',
  nickname: '暱稱',
  gender: '性別',
  birthday: '生日',
  phone: '手機號碼',
  unknown: '未設定',
  male: '男',
  female: '女',
  saved: '已儲存',
  nicknameRequired: '請輸入暱稱。',
  notLoggedIn: '登入後可查看和編輯個人資料。',
  user: {
    centerTitle: '我的',
    loginEntry: '登入 / 註冊',
    loginPrompt: '登入後可查看訂單、優惠券和會員卡。',
    guest: '訪客',
    editInfo: '編輯資料',
    logout: '登出',
    language: '語言',
    level: '等級',
    points: '點數',
    balance: '餘額',
    giftBalance: '贈送餘額',
  },
} satisfies NamespaceInfoTranslation;

export default zhTW_info;
