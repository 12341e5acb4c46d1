// Page objects of booking an appointment at the beauty studio (demo shop 5): its services on tab 1, the
// technician and time on /order/select-service-user, the held time on /order/confirm, and the appointments on
// the orders tab. In the words of the screens, in either language.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';
import { ConsumerCallRefused, consumerCall } from './orders';

/** Lumière Hair & Beauty Studio: appointments only, Shanghai. */
export const STUDIO = 5;

export class ServicesTab extends App {
  get services(): Locator {
    return this.page.locator('li[data-service-id]');
  }

  service(id: number): Locator {
    return this.page.locator(`li[data-service-id="${id}"]`);
  }

  /** "Book" on a service's row (its accessible name names the service). */
  book(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^(预约|Book) ?${name}$`) });
  }

  get shopState(): Locator {
    return this.page.getByTestId('shop-state');
  }
}

export class TimesPage extends App {
  technician(name: string | RegExp): Locator {
    return this.page.getByRole('radiogroup', { name: /技师|Technician/ }).getByRole('radio', { name });
  }

  get anyTechnician(): Locator {
    return this.technician(/^(不指定技师|Any technician)/);
  }

  date(date: string): Locator {
    return this.page.locator(`input#date-${date}`);
  }

  get times(): Locator {
    return this.page.locator('input[name="time"]');
  }

  time(time: string): Locator {
    return this.page.getByRole('radio', { name: time, exact: true });
  }

  get summary(): Locator {
    return this.page.getByTestId('time-summary');
  }

  get continue(): Locator {
    return this.page.getByRole('button', { name: /^(下一步|Continue|改到这个时间|Move to this time)$/ });
  }

  /** Waits for the times of the chosen technician and day, and chooses the first one. */
  async chooseFirstTime(): Promise<string> {
    await expect(this.times.first()).toBeVisible();
    const time = (await this.times.first().getAttribute('aria-label')) ?? '';
    await this.time(time).check();
    return time;
  }
}

export class AppointmentConfirmPage extends App {
  get held(): Locator {
    return this.page.getByTestId('hold');
  }

  get countdown(): Locator {
    return this.page.getByTestId('hold-countdown');
  }

  get technician(): Locator {
    return this.page.getByTestId('booking-technician');
  }

  get when(): Locator {
    return this.page.getByTestId('booking-when');
  }

  get alert(): Locator {
    return this.page.getByTestId('appointment-alert');
  }

  /** The free times an alert offers, as buttons. */
  get offers(): Locator {
    return this.alert.locator('button[data-offer]');
  }

  payType(name: string | RegExp): Locator {
    return this.page.getByRole('radio', { name });
  }

  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label);
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(确认预约|Book)$/ });
  }
}

export class AppointmentsOnOrdersTab extends App {
  get upcoming(): Locator {
    return this.page.getByTestId('upcoming-appointments');
  }

  appointment(id: number): Locator {
    return this.upcoming.locator(`article[data-appointment-id="${id}"]`);
  }

  get cancelDialog(): Locator {
    return this.page.getByRole('dialog', { name: /取消这个预约|Cancel this appointment/ });
  }
}

/** The appointment an order of this browser's customer booked (order/detail's `appointment`). */
export async function appointmentOf(
  page: Page,
  orderId: number,
): Promise<{ id: number; date: string; time: string }> {
  return page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null;
    const reply = await fetch('/new/consumer/order/detail', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token?.value ?? '' },
      body: JSON.stringify({ id }),
    });
    const body = (await reply.json()) as {
      info: { appointment: { id: number; date: string; time: string } };
    };
    return body.info.appointment;
  }, orderId);
}

/**
 * Holds the first free start on the first days with two or more. Scenarios run side by side on one server, so
 * another may take a start between the read and the hold: a `slotTaken` refusal moves on to the next start.
 */
async function holdFirstFree(
  page: Page,
  productId: number,
  serviceUserId: number,
  dates: { date: string; starts: { time: string }[] }[],
): Promise<{ hold: { id: number }; start: { date: string; time: string } }> {
  const candidates = dates
    .filter((d) => d.starts.length > 1)
    .flatMap((d) => d.starts.map((s) => ({ date: d.date, time: s.time })));
  for (const start of candidates) {
    try {
      const hold = await consumerCall<{ id: number }>(page, 'beauty/hold', {
        productId,
        serviceUserId,
        start,
      });
      return { hold, start };
    } catch (error) {
      const reason =
        error instanceof ConsumerCallRefused && (error.info as { reason?: string } | null)?.reason;
      if (reason !== 'slotTaken') throw error;
    }
  }
  throw new Error(`no free start for service ${productId} with technician ${serviceUserId}`);
}

/**
 * Books an appointment for this browser's customer through the API, paid at the counter: the service with the
 * technician at their first time on the first day from `from` that has two or more (the appointment pages
 * have scenarios of their own).
 */
export async function bookThroughApi(
  page: Page,
  productId: number,
  serviceUserId: number,
  from: string,
): Promise<{ id: number; orderId: number; date: string; time: string }> {
  const availability = await consumerCall<{ dates: { date: string; starts: { time: string }[] }[] }>(
    page,
    'beauty/availability',
    { productId, serviceUserId, date: from, days: 7 },
  );
  const { hold, start } = await holdFirstFree(page, productId, serviceUserId, availability.dates);
  const pay = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(page, 'store/paySetting', {
    orderType: 'appointment',
  });
  const cash = pay.payTypes.find((p) => p.payType === 'Cash')!;
  const { order } = await consumerCall<{ order: { id: number; appointment: { id: number } } }>(
    page,
    'order/confirm',
    {
      type: 'appointment',
      payType: 'Cash',
      payTypeId: cash.id,
      products: [{ id: productId, quantity: 1 }],
      holdId: hold.id,
      serviceUser: { id: serviceUserId },
      serviceStartTimeInfo: start,
      idempotencyKey: `e2e-appointment-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  );
  return { id: order.appointment.id, orderId: order.id, ...start };
}
