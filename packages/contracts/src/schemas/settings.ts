import { z } from 'zod';
import { text } from './common.js';

export const settingParams = z.object({ key: z.string().min(1).max(60) });
export const settingBody = z.object({ value: text().max(2000) });

/** A setting as `GET /settings` and the `settings` event show it: values are text. */
export interface Setting {
  key: string;
  value: string;
}
