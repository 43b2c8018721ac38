import type { DueReminder, DueReminders, ReminderItem, RemindersSentResult } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const reminderKeys = { dues: (days: number, includeReminded: boolean) => ['reminders', 'dues', days, includeReminded] as const };

/** `kind:id`, a reminder's key in a run. */
export const reminderKey = (r: ReminderItem) => `${r.kind}:${r.id}`;

/**
 * GET /api/reminders/dues (admin): everyone who owes, bookings with an event in the next `days` days. Read once per
 * run: coming back from WhatsApp must not re-read it (the one just sent would leave the list under the admin's hand).
 */
export function useDueReminders(days: number, includeReminded: boolean) {
  return useQuery({
    queryKey: reminderKeys.dues(days, includeReminded),
    queryFn: ({ signal }) => apiRequest<DueReminders>('/api/reminders/dues', { query: { days, include_reminded: includeReminded }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/reminders/sent: the reminder is recorded (when, by whom); the run's rows take their new last reminder
 * in place, so the list stays as it was while the admin works through it.
 */
export function useMarkReminderSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ReminderItem[]) => apiRequest<RemindersSentResult>('/api/reminders/sent', { method: 'POST', body: { items }, quiet: true }).then((r) => r.data),
    onSuccess: (sent) => {
      const last = new Map(sent.map((s) => [reminderKey(s), s.last_reminder]));
      client.setQueriesData<DueReminders>({ queryKey: ['reminders', 'dues'] }, (old) =>
        old && {
          ...old,
          data: old.data.map((r): DueReminder => {
            const at = last.get(reminderKey(r));
            return at ? { ...r, last_reminder: at, recently_reminded: true } : r;
          }),
        },
      );
    },
  });
}
