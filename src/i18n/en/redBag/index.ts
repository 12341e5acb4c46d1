// Red bags (spec §1; §2 /product/expand-red-bag and /pages/user/coupon/times-red-bag; §9 red bag texts): the
// expandable red bag page, its share sheet, a forwarded coupon, the order red bags. Loaded with
// loadNamespaceAsync with those pages.
import type { BaseTranslation } from '../../i18n-types';

const en_redBag = {
  title: 'Red bag',
  loading: 'Loading the red bag…',
  refreshing: 'Checking for new help…',
  refresh: 'Refresh',
  bag: {
    yours: 'Your red bag',
    friends: '{owner:string}’s red bag',
    value: 'Worth',
    toMax: '{amount:string} more to reach {max:string}',
    maxReached: 'It has reached the maximum of {max:string}',
    progress: 'Grown to {value:string} of {max:string}',
    usable: 'Usable now on orders over {min:string}',
    usableNoMin: 'Usable now on any order',
  },
  rules: {
    title: 'How it grows',
  },
  helps: {
    title: 'Friends who helped',
    empty: 'No friend has helped yet. Share your link and watch it grow.',
    level1: 'Helped directly',
    level2: 'Via a friend’s share',
    amount: '+{amount:string}',
  },
  receive: {
    title: 'Get your red bag',
    hint: 'Start with {base:string}. Every friend who opens your link adds {reward:string}, up to {max:string}.',
    action: 'Get my red bag',
  },
  help: {
    hint: 'Tap to add {reward:string} to {owner:string}’s red bag and get a red bag of your own.',
    action: 'Help it grow',
  },
  thanked: {
    title: 'Thanks for helping!',
    grew: '{owner:string}’s red bag grew to {amount:string}.',
    yours: 'Your own red bag: {amount:string}',
    open: 'Open my red bag',
  },
  helped: {
    title: 'You have helped this red bag',
    open: 'Open my red bag',
  },
  closed: {
    used: 'This red bag has been used and grows no more.',
    reserved: 'This red bag is held by an unpaid order and grows no more.',
    expired: 'This red bag has expired.',
  },
  signIn: {
    getHint: 'Log in with your phone to get your red bag; friends who open your link make it grow.',
    hint: 'Log in with your phone to help this red bag grow and get one of your own.',
    action: 'Log in to continue',
  },
  missing: {
    title: 'This red bag could not be found',
    hint: 'The link may be incomplete, or the offer has ended.',
  },
  useNow: 'Use it now',
  toMenu: 'Go to the menu',
  share: {
    action: 'Share to grow it',
    title: 'Share your red bag',
    hint: 'Friends who open this link and help make your red bag grow.',
    link: 'Link to share',
    copy: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Could not copy: select the link and copy it.',
    qr: 'QR code of the link, for a friend to scan',
    more: 'Share with an app…',
    text: 'Help me grow my red bag at {shop:string}!',
  },
  refusal: {
    activityNotFound: 'This offer does not exist.',
    activityEnded: 'This offer has ended.',
    soldOut: 'All red bags of this offer are gone.',
    limitReached: 'You have already taken part in this offer.',
    loginRequired: 'Please log in first.',
    notForYou: 'This offer is not for you.',
    codeNotFound: 'This link is not valid.',
    notEarned: 'Not earned yet.',
  },
  forward: {
    action: 'Forward to a friend',
    title: 'Forward this coupon',
    hint: 'The first friend who opens this link and claims it gets the coupon; it then leaves your coupons.',
    making: 'Making the link…',
    claimTitle: 'A coupon for you',
    from: 'A friend forwarded this coupon to you.',
    claim: 'Claim it',
    loginToClaim: 'Log in to claim',
    claimed: 'It is yours now: find it in your coupons.',
    gone: 'This coupon has been claimed already or is no longer valid.',
    text: 'A coupon for you at {shop:string}',
  },
  times: {
    title: 'Order red bags',
    empty: 'No order red bags right now',
    emptyHint: 'When the shop runs one, each paid order brings you closer to a reward.',
    login: 'Log in to see your order red bags',
    progress: '{done:number} of {total:number} paid orders',
    toGo: '{count:number} more paid order{{s}} to go',
    reward: 'Reward: {name:string}',
    dates: '{start:string} – {end:string}',
    taken: 'Reward taken {count:number} time{{s}}',
    ready: 'Your reward is ready',
    take: 'Take your reward',
    tookOne: 'Added to your coupons',
    viewCoupons: 'View in my coupons',
    ended: 'Ended',
  },
} satisfies BaseTranslation;

export default en_redBag;
