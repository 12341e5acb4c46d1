// Reply shapes the coupon views draw, from the contract (types only: its schemas stay on the server).
import type { z } from 'zod';
import type { couponDetailInfo } from '../../domain/api/activity';

export type CouponDetailInfo = z.infer<typeof couponDetailInfo>;
export type { CouponOffer, ShopActivity } from '../../domain/api/activity';
