import { z } from 'zod';

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;

/** Query string every resource list accepts. `page` switches the answer to the paged envelope. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const searchTextSchema = z.string().min(1).max(100);

export interface DataEnvelope<T> {
  data: T;
}
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** A search's count stops at a limit: `total` is the limit and there are more ("1,000+"). */
  total_more?: boolean;
}
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  badCredentials: 'These credentials do not match our records.',
  invalid: 'The given data was invalid.',
} as const;
