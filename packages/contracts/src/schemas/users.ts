import { z } from 'zod';
import { PROFILES } from '../permissions.js';
import { LANGUAGES } from '../constants.js';
import { editOf, email, name2to50, password5to50, ref } from './common.js';

export const userBody = z.object({
  name: name2to50,
  email,
  password: password5to50,
  profile: z.enum(PROFILES).default('user'),
  queueIds: z.array(ref('queues')).max(500).default([]),
  whatsappId: ref('whatsapps').nullable().optional(),
  allTicket: z.enum(['enable', 'disable']).default('disable'),
});
export type UserBody = z.infer<typeof userBody>;

/** On edit the password is optional (operations §5); an empty one means "keep". */
export const userUpdateBody = editOf(userBody.extend({ password: password5to50.or(z.literal('')) }));
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const languageParams = z.object({ lang: z.enum(LANGUAGES) });
