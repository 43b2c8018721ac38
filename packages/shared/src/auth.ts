import { z } from 'zod';
import { userSchema } from './resources/users.js';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  deviceId: z.string().trim().min(1).max(100).optional(),
  deviceInfo: z.unknown().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const deviceTokenSchema = z.object({ device_id: z.string(), api_token: z.string() });
export const loginResponseSchema = z.object({ data: userSchema.extend({ tokens: z.array(deviceTokenSchema) }) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** Login failures allowed per username and address in one window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_SECONDS = 60;
