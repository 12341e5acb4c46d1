// The confirm page's limit card row, loaded beside the page with its messages. The member's cards come from
// store/limitCardList (the ledger machine, read again when the server refuses the chosen card); the choice
// goes to the checkout flow, whose pricing charges the covered units 0 and whose payload names the card.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import type { LimitCardView } from '../../../domain/api/limit-card';
import type { CartLine } from '../../../domain/pricing';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import type { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { selectMember } from '../../../machines/entry/session.selectors';
import { selectRows } from '../../../machines/member/ledger.selectors';
import { LimitCardPickerView, type LimitCardOption } from '../../../views/member/limit-card-picker-view';
import { useAppState } from '../../app-state';
import { limitCardsFlow } from '../../flows/limit-cards';
import { useFlow } from '../../use-flow';

type CheckoutActor = Actor<typeof checkoutMachine>;

export default function LimitCardPicker(props: { checkout: CheckoutActor }) {
  const { session } = useAppState();
  const member = useSelector(session, selectMember);
  const state = useNamespace('limitCard');
  // Only a member can hold a card; without the messages the order goes through without one.
  if (!member || state !== 'ready') return null;
  return <Picker {...props} />;
}

/** What a card would pay in this cart: the units of the products it lists, up to its uses. */
function optionOf(card: LimitCardView, lines: readonly CartLine[], chosenId: number | null): LimitCardOption {
  let left = card.remainingUses;
  const pays: LimitCardOption['pays'] = [];
  for (const line of lines) {
    if (left <= 0 || line.quantity <= 0 || !card.productIds.includes(line.id)) continue;
    const units = Math.min(left, line.quantity);
    left -= units;
    pays.push({ product: line.name, units });
  }
  return {
    id: card.id,
    name: card.name,
    remaining: card.remainingUses,
    pays,
    uses: card.remainingUses - left,
    chosen: card.id === chosenId,
  };
}

function Picker({ checkout }: { checkout: CheckoutActor }) {
  const { LL } = useI18nContext();
  const [notice, setNotice] = useState<string | null>(null);
  const cardsFlow = useFlow(
    limitCardsFlow,
    () => ({}),
    (cards) => [
      checkout.on('limitCard.refused', () => {
        setNotice(LL.checkout.error.limitCardUnusable());
        cards.send({ type: 'ledger.refresh' });
      }),
    ],
  );
  const cards = useSelector(cardsFlow ?? undefined, (s) => (s ? selectRows<LimitCardView>(s) : []));
  const lines = useSelector(checkout, (s) => s.context.lines);
  const chosenCard = useSelector(checkout, (s) => s.context.parts.limitCard ?? null);
  const applied = useSelector(checkout, (s) => s.context.pricing?.limitCard ?? null);
  const options = cards
    .filter((c) => c.state === 'usable')
    .map((c) => optionOf(c, lines, chosenCard?.id ?? null))
    .filter((o) => o.uses > 0);
  // A chosen card the cart no longer needs (its products taken out) is let go.
  useEffect(() => {
    if (chosenCard && applied && applied.uses === 0)
      checkout.send({ type: 'checkout.setLimitCard', card: null });
  }, [checkout, chosenCard, applied]);
  if (options.length === 0 && !chosenCard) return null;
  const chosenName = cards.find((c) => c.id === chosenCard?.id)?.name ?? '';
  return (
    <LimitCardPickerView
      options={options}
      chosen={chosenCard && applied ? { name: chosenName, uses: applied.uses, amount: applied.amount } : null}
      notice={notice}
      onChoose={(id) => {
        const card = cards.find((c) => c.id === id);
        setNotice(null);
        if (card)
          checkout.send({
            type: 'checkout.setLimitCard',
            card: { id: card.id, productIds: card.productIds, remaining: card.remainingUses },
          });
      }}
      onClear={() => checkout.send({ type: 'checkout.setLimitCard', card: null })}
    />
  );
}
