import crypto from 'node:crypto';
import { type Page, expect } from '@playwright/test';
import { apiAs } from './helpers';

export const STUDIO_TZ = 'Africa/Lagos';

/** The studio's today (YYYY-MM-DD) and a day some days from it. */
export function studioDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function post<T = { id: number }>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await apiAs<{ data: T; message?: string }>(page, 'POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.data;
}

export interface SeededStudio {
  tag: string;
  staff: { username: string; password: string; name: string };
  products: { store: { id: number; name: string } };
  /** A client with history (sales at the three outlets, an appointment today and one tomorrow). */
  client: { id: number };
}

/**
 * A little of everything through the API, signed in as the admin, so every list, table, chart and legend
 * has rows when a test looks at it: products of each outlet (stocked, low, a service), sales at each outlet
 * by the admin and by a staff member, a program, a session, trainees of the three kinds (in session and owing,
 * and a vacated hostel stay), a booking package and a booking this month, income and expense entries.
 */
export async function seedStudio(page: Page): Promise<SeededStudio> {
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const today = studioDay();
  const staff = { username: `ada${tag.toLowerCase()}`, password: 'ada-pass-123', name: `Ada Nwosu ${tag}` };
  const staffUser = await post(page, '/api/users', { name: staff.name, username: staff.username, role: 'Sales Rep', password: staff.password, is_admin: 0, active: true });

  const products: Record<string, { id: number; name: string }> = {};
  const services: Record<string, { id: number }> = {};
  for (const outlet of ['store', 'office', 'salon'] as const) {
    const stocked = await post<{ id: number; name: string }>(page, '/api/products', { outlet, name: `Velvet Lipstick ${outlet} ${tag}`, sku: `A11Y-${outlet}-${tag}`, category: 'Lips', price: 4500, cost_price: 2000, quantity: 40 });
    await post(page, '/api/products', { outlet, name: `Setting Powder ${outlet} ${tag}`, category: 'Face', price: 7200, cost_price: 3000, quantity: 2, reorder_level: 5 });
    services[outlet] = await post(page, '/api/products', { outlet, name: `Gele tying ${outlet} ${tag}`, kind: 'service', price: 15000 });
    products[outlet] = stocked;
    await post(page, '/api/orders', { outlet, customer_name: `Chioma Eze ${tag}`, customer_phone: '0803 123 4567', items: [{ product_id: stocked.id, quantity: 2 }], payment_method: 'cash', amount_paid: 10000 });
    await post(page, '/api/orders', {
      outlet,
      customer_name: `Bisi Ade ${tag}`,
      items: [{ product_id: stocked.id, quantity: 1 }],
      payments: [
        { method: 'transfer', amount: 2500, reference: 'GTB' },
        { method: 'card', amount: 2000 },
      ],
    });
  }

  const program = await post(page, '/api/training-programs', { name: `Professional Makeup ${tag}`, duration: '3 months', fee: 350000, description: 'Full course' });
  const session = await post(page, '/api/training-session', { name: `Intake ${tag}`, start_date: studioDay(-30), end_date: studioDay(60), active: true });
  await post(page, '/api/students', { name: `Ngozi Okafor ${tag}`, phone: '0803 555 0101', program_id: program.id, session_id: session.id, start_date: studioDay(-20), end_date: studioDay(60), amount_paid: 100000, payment_method: 'transfer' });
  const pmu = await post(page, '/api/extra-programs', { type: 'office', name: `Microblading ${tag}`, price: 250000, duration: '6 weeks' });
  await post(page, '/api/office-students', { name: `Funke Bello ${tag}`, phone: '0803 555 0202', package_id: pmu.id, start_date: studioDay(-10), end_date: studioDay(30), amount_paid: 50000, payment_method: 'cash' });
  const bed = await post(page, '/api/extra-programs', { type: 'hostel', name: `Shared room ${tag}`, price: 60000, duration: '1 month' });
  await post(page, '/api/hostel-students', { name: `Amina Yusuf ${tag}`, phone: '0803 555 0303', pricing_id: bed.id, room: 'B2', start_date: studioDay(-5), end_date: studioDay(25), amount_paid: 20000, payment_method: 'cash' });
  await post(page, '/api/hostel-students', { name: `Kemi Lawal ${tag}`, phone: '0803 555 0404', pricing_id: bed.id, room: 'B3', start_date: studioDay(-40), end_date: studioDay(-2) });
  const pkg = await post(page, '/api/bridalpackages', { name: `Bridal Glam ${tag}`, price: 180000, description: 'Bride and two maids' });
  await post(page, '/api/bridalbookings', { client_name: `Temitope Bakare ${tag}`, phone: '0812 000 1111', event_date: today, package_id: pkg.id });
  await post(page, '/api/finances', { type: 'expense', category: 'Rent', amount: 150000, date: today, description: `Shop rent ${tag}` });
  await post(page, '/api/finances', { type: 'income', category: 'Consulting', amount: 30000, date: today, description: `Masterclass ${tag}` });

  // the appointment book: the staff member's own today (booked, arrived), and tomorrow's reminder
  const at = (day: string, time: string) => `${day}T${time}:00+01:00`;
  const appt = await post<{ id: number; client_id: number }>(page, '/api/appointments', { client_phone: '0803 123 4567', service_id: services.salon!.id, artist_id: staffUser.id, starts_at: at(today, '10:00') });
  const arrived = await post(page, '/api/appointments', { client_phone: '0803 555 0101', service_id: services.office!.id, artist_id: staffUser.id, starts_at: at(today, '12:00') });
  expect((await apiAs(page, 'PUT', `/api/appointments/${arrived.id}`, { status: 'arrived' })).status).toBe(200);
  await post(page, '/api/appointments', { client_phone: '0803 123 4567', service_id: services.store!.id, artist_id: staffUser.id, starts_at: at(studioDay(1), '11:00') });

  return { tag, staff, products: { store: products.store! }, client: { id: appt.client_id } };
}
