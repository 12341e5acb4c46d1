// Whether a product can be ordered now, as the menu card and the choice sheet both show it; apart from the
// card so the sheet and the detail page do not load the card to read it.
import { ProductState } from '../../domain/enums';

export type Availability = 'available' | 'soldOut' | 'offline' | 'outOfSaleTime';

export function availabilityOf(state: number): Availability {
  switch (state) {
    case ProductState.soldOut:
      return 'soldOut';
    case ProductState.offline:
    case ProductState.deleted:
      return 'offline';
    case ProductState.outOfSaleTime:
      return 'outOfSaleTime';
    default:
      return 'available';
  }
}
