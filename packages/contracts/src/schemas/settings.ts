import { z } from 'zod';

export const settingParams = z.object({ key: z.string().min(1).max(60) });
export const settingBody = z.object({ value: z.string().max(2000) });
