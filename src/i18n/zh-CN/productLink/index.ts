// 菜单上的分享商品或自动加购链接。
import type { NamespaceProductLinkTranslation } from '../../i18n-types';

const zhCN_productLink = {
  unavailable: '本店没有这个商品。',
} satisfies NamespaceProductLinkTranslation;

export default zhCN_productLink;
