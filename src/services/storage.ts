// Local values of spec §3 "Other records" and §9: the token with its 24-hour expiry, brand, the browser's
// device id (generated once; it is the openid the browser sends), user-language, and the four flags cleared on every launch (§4).
// localStorage throws in some private modes; the values then live in memory for the page's lifetime.
import type { StoredCart } from '../domain/cart';
import { DEFAULTS, ORDER_TYPES, type OrderType } from '../domain/enums';
import { readStoredCart } from './stored-cart';

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredToken {
  value: string;
  /** The shop the token was issued for (a token moves to another shop with user/token). */
  shopId: number | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The flags spec §4 "Launch and show" clears on launch. */
export const LAUNCH_FLAGS = [
  'limitShowed',
  'takeawaySearchValue',
  'firstChargeShowed',
  'firstRegisterShowed',
] as const;
export type LaunchFlag = (typeof LAUNCH_FLAGS)[number];

const KEY = {
  token: 'token',
  brand: 'brand',
  /** Where older versions kept an openid taken from the entry link; removed on sight. */
  openid: 'openid',
  deviceId: 'deviceId',
  language: 'user-language',
  viewedExpandRedBags: 'viewedExpandRedBags',
  /** Index of the shops that have a stored cart. */
  cartShops: 'cart-shops',
  /** The order type last chosen, with its shop: a reload keeps what the menu was set to. */
  orderType: 'order-type',
  shopColor: 'shop-color',
} as const;

const cartKey = (shopId: number) => `cart-${shopId}`;
const openTabKey = (shopId: number) => `open-tab-${shopId}`;

export function memoryKeyValue(): KeyValue {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A store that writes to `primary` while it works and falls back to memory from the first failure on. */
export function resilientKeyValue(primary: KeyValue | null): KeyValue {
  const memory = memoryKeyValue();
  let broken = primary === null;
  const attempt = <T>(fn: (kv: KeyValue) => T): T => {
    if (!broken && primary) {
      try {
        return fn(primary);
      } catch {
        broken = true;
      }
    }
    return fn(memory);
  };
  return {
    getItem: (k) => attempt((kv) => kv.getItem(k)),
    setItem: (k, v) => attempt((kv) => kv.setItem(k, v)),
    removeItem: (k) => attempt((kv) => kv.removeItem(k)),
  };
}

function browserLocalStorage(): KeyValue | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface StorageOptions {
  backend?: KeyValue;
  now?: () => number;
  newId?: () => string;
  tokenTtlMs?: number;
}

/**
 * 16 random bytes: the device id is the only thing between an anonymous customer's orders and a stranger.
 * getRandomValues works on plain-http pages too, where randomUUID does not exist.
 */
const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dev_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export function createStorage(options: StorageOptions = {}) {
  const kv = resilientKeyValue(options.backend ?? browserLocalStorage());
  kv.removeItem(KEY.openid);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomId;
  const ttl = options.tokenTtlMs ?? DEFAULTS.tokenTtlMs;

  const readJson = <T>(key: string): T | null => {
    const raw = kv.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };

  const getDeviceId = (): string => {
    const existing = kv.getItem(KEY.deviceId);
    if (existing) return existing;
    const id = newId();
    kv.setItem(KEY.deviceId, id);
    return id;
  };
  const getViewedExpandRedBags = (): number[] => {
    const ids = readJson<unknown>(KEY.viewedExpandRedBags);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  };

  const getCartShops = (): number[] => {
    const ids = readJson<unknown>(KEY.cartShops);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  };
  const setCartShops = (ids: number[]) =>
    ids.length ? kv.setItem(KEY.cartShops, JSON.stringify(ids)) : kv.removeItem(KEY.cartShops);
  const removeCart = (shopId: number) => {
    kv.removeItem(cartKey(shopId));
    setCartShops(getCartShops().filter((id) => id !== shopId));
  };
  /** A stored cart that no longer parses (an older shape, a hand edit) is dropped rather than half read. */
  const getCart = (shopId: number): StoredCart | null => {
    const cart = readStoredCart(readJson<unknown>(cartKey(shopId)));
    if (!cart || cart.shopId !== shopId) {
      if (kv.getItem(cartKey(shopId)) !== null) removeCart(shopId);
      return null;
    }
    return cart;
  };

  return {
    /** The token if one is stored and not expired; an expired one is removed. */
    getToken(): StoredToken | null {
      const token = readJson<StoredToken>(KEY.token);
      if (!token || typeof token.value !== 'string' || typeof token.expiresAt !== 'number') return null;
      if (token.expiresAt <= now()) {
        kv.removeItem(KEY.token);
        return null;
      }
      return token;
    },
    setToken(value: string, shopId: number | null = null): StoredToken {
      const token = { value, shopId, expiresAt: now() + ttl };
      kv.setItem(KEY.token, JSON.stringify(token));
      return token;
    },
    clearToken(): void {
      kv.removeItem(KEY.token);
    },

    getBrand: (): string | null => kv.getItem(KEY.brand),
    setBrand: (brand: string): void => kv.setItem(KEY.brand, brand),

    /**
     * The openid sent to user/h5entry: always this browser's own random device id (decision S1). An entry
     * link's openid is never kept, so a link cannot choose the key a browser's sessions are opened with.
     */
    getOpenid: (): string => getDeviceId(),
    getDeviceId,
    /** After a 401 (spec §8). The device id stays: it names the browser, not a person. */
    clearOpenidAndToken(): void {
      kv.removeItem(KEY.openid);
      kv.removeItem(KEY.token);
    },

    getLanguage: (): string | null => kv.getItem(KEY.language),
    setLanguage: (language: string): void => kv.setItem(KEY.language, language),

    getFlag: (flag: LaunchFlag): string | null => kv.getItem(flag),
    setFlag: (flag: LaunchFlag, value: string): void => kv.setItem(flag, value),
    clearLaunchFlags(): void {
      for (const flag of LAUNCH_FLAGS) kv.removeItem(flag);
    },

    /** Expand red bags already shown once (entry routing rule 1 shows each only once). */
    getViewedExpandRedBags,
    markExpandRedBagViewed(id: number): void {
      const ids = new Set(getViewedExpandRedBags());
      ids.add(id);
      kv.setItem(KEY.viewedExpandRedBags, JSON.stringify([...ids]));
    },

    /** The order type last chosen in this shop, or null (another shop's, none, or unreadable). */
    getOrderType(shopId: number): OrderType | null {
      const saved = readJson<{ shopId?: unknown; orderType?: unknown }>(KEY.orderType);
      if (!saved || saved.shopId !== shopId) return null;
      const type = saved.orderType;
      return typeof type === 'string' && (ORDER_TYPES as readonly string[]).includes(type)
        ? (type as OrderType)
        : null;
    },
    setOrderType(shopId: number, orderType: OrderType): void {
      kv.setItem(KEY.orderType, JSON.stringify({ shopId, orderType }));
    },

    /** The main colour of the shop last opened, so its next cold start paints in it at once; or null. */
    getShopColor(shopId: number): string | null {
      const saved = readJson<{ shopId?: unknown; color?: unknown }>(KEY.shopColor);
      if (!saved || saved.shopId !== shopId || typeof saved.color !== 'string') return null;
      return /^#?[0-9a-f]{6}$/i.test(saved.color) ? saved.color : null;
    },

    setShopColor(shopId: number, color: string): void {
      kv.setItem(KEY.shopColor, JSON.stringify({ shopId, color }));
    },

    /** The cart of a shop (spec §3 cart state "items per shop"), or null. */
    getCart,
    /** Keeps a shop's cart; an empty cart removes the shop's entry (spec §4 cart behaviour). */
    setCart(cart: Omit<StoredCart, 'savedAt'>): void {
      if (cart.lines.length === 0) return removeCart(cart.shopId);
      kv.setItem(cartKey(cart.shopId), JSON.stringify({ ...cart, savedAt: now() }));
      const ids = getCartShops();
      if (!ids.includes(cart.shopId)) setCartShops([...ids, cart.shopId]);
    },
    clearCart: removeCart,
    /** Every stored cart, in the order the shops were first added to (multi-shop confirm). */
    listCarts(): StoredCart[] {
      return getCartShops()
        .map(getCart)
        .filter((c): c is StoredCart => c !== null);
    },

    /**
     * The open-table tab the customer is a guest of in a shop: the menu then sends its cart to that tab as
     * a round instead of placing an order. Cleared when the tab is paid or closed.
     */
    getOpenTab(shopId: number): number | null {
      const id = readJson<unknown>(openTabKey(shopId));
      return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
    },
    setOpenTab(shopId: number, tabId: number | null): void {
      if (tabId === null) kv.removeItem(openTabKey(shopId));
      else kv.setItem(openTabKey(shopId), JSON.stringify(tabId));
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;

export const storage: Storage = createStorage();
