import { z } from 'zod';

/** Every API response body: `{ success, data, errors }`. */
export const apiErrorItem = z.object({ code: z.string(), message: z.string() });
export type ApiErrorItem = z.infer<typeof apiErrorItem>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, errors: z.array(apiErrorItem) });

export type Envelope<T> = { success: boolean; data: T; errors: ApiErrorItem[] };

/** Default error object the client builds for every failed call (spec §3). */
export type ClientError = { message: string; code: 500; type: 'error'; status: 0 };
