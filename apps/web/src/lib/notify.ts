import { notifications } from '@mantine/notifications';

export type ToastType = 'error' | 'info' | 'success' | 'warning';

const COLORS: Record<ToastType, string> = { error: 'red', info: 'blue', success: 'teal', warning: 'orange' };
const TITLES: Record<ToastType, string> = { error: 'Error', info: 'Info', success: 'Success', warning: 'Warning' };

// Mantine lists a position's toasts by priority, then age; a rising priority puts the newest on top.
let priority = 0;

/** Shows a toast (top-right, 5 s, newest on top: configured on <Notifications> in the providers). */
export function toast(type: ToastType, message: string, title: string = TITLES[type]): string {
  priority += 1;
  return notifications.show({ color: COLORS[type], title, message, priority, 'data-toast-type': type });
}

export const notify = {
  error: (message: string, title?: string) => toast('error', message, title),
  info: (message: string, title?: string) => toast('info', message, title),
  success: (message: string, title?: string) => toast('success', message, title),
  warning: (message: string, title?: string) => toast('warning', message, title),
};
