import { type Appointment, type Order, type Outlet, appointments, clients, normalizePhone, route } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// What more than one screen asks about clients: the clients' pages, the appointment book and the till
// (features never import one another; docs/decisions/021-clients-and-appointments.md).

export const clientKeys = {
  /** Under the resource's root: every write to clients, appointments or sales (their references) refreshes it. */
  history: (id: number) => [clients.name, 'detail', id, 'history'] as const,
  byPhone: (phone: string) => [clients.name, 'by-phone', phone] as const,
};

/** A client's page: the record, every entry of their history across outlets, and the summary (total spent for admins). */
export function useClientHistory(id: number | null) {
  return useQuery({
    queryKey: clientKeys.history(id ?? 0),
    queryFn: ({ signal }) => api.get(route('/api/clients/{id}/history', { id: id! }), undefined, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

/**
 * The client a typed phone number finds (null: nobody has it yet), asked only once the text is a phone number.
 * `phone` is the normalised number, or null while what is typed is not one.
 */
export function useClientByPhone(typed: string) {
  const phone = normalizePhone(typed);
  const query = useQuery({
    queryKey: clientKeys.byPhone(phone ?? ''),
    queryFn: ({ signal }) => api.get(route('/api/clients/by-phone/{phone}', { phone: phone! }), undefined, signal),
    enabled: phone !== null,
    staleTime: 30_000,
  });
  return { phone, client: phone ? (query.data ?? null) : null, isFetching: query.isFetching };
}

/** The client's last paid sale (at this outlet): what "Repeat last purchase" puts back in the cart. */
export function fetchLastPurchase(clientId: number, outlet: Outlet): Promise<Order | null> {
  return api.get(route('/api/clients/{id}/last-purchase', { id: clientId }), { outlet });
}

/** One appointment (the till checks one out). */
export function useAppointment(id: number | null) {
  return useQuery({
    queryKey: [appointments.name, 'detail', id ?? 0],
    queryFn: ({ signal }) => api.get(route('/api/appointments/{id}', { id: id! }), undefined, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** Where "Check out" takes a done appointment: its outlet's till, which fills the cart from it. */
export function checkoutPath(appointment: Pick<Appointment, 'id' | 'outlet'>): string {
  return `/dashboard/point-of-sales/${appointment.outlet}?appointment=${appointment.id}`;
}
