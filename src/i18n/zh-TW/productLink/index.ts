// 菜單上的分享商品或自動加購連結。
import type { NamespaceProductLinkTranslation } from '../../i18n-types';

const zhTW_productLink = {
  unavailable: '本店沒有這個商品。',
} satisfies NamespaceProductLinkTranslation;

export default zhTW_productLink;
