import { z } from 'zod';
import { text } from './common.js';

export const settingParams = z.object({ key: z.string().min(1).max(60) });
export const settingBody = z.object({ value: text().max(2000) });
