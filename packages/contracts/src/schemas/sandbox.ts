import { z } from 'zod';
import { ref, text } from './common.js';
import type { ConnectionStatus } from './connections.js';
import type { MediaType } from './messages.js';
import type { TicketStatus } from './tickets.js';

/**
 * The sandbox simulator (`/api/sandbox/{whatsappId}/…`): an admin plays customers' phones on a
 * sandbox connection. Media travel as base64 inside JSON; the server enforces type and size.
 */

/** Media a simulated customer may send, by WhatsApp kind, with the size WhatsApp allows. */
export const SANDBOX_MEDIA = {
  'image/jpeg': { type: 'image', maxBytes: 5 * 1024 * 1024 },
  'image/png': { type: 'image', maxBytes: 5 * 1024 * 1024 },
  'image/webp': { type: 'image', maxBytes: 5 * 1024 * 1024 },
  'audio/ogg': { type: 'audio', maxBytes: 16 * 1024 * 1024 },
  'audio/mpeg': { type: 'audio', maxBytes: 16 * 1024 * 1024 },
  'audio/mp4': { type: 'audio', maxBytes: 16 * 1024 * 1024 },
  'video/mp4': { type: 'video', maxBytes: 16 * 1024 * 1024 },
  'application/pdf': { type: 'document', maxBytes: 16 * 1024 * 1024 },
} as const;
export type SandboxMediaType = keyof typeof SANDBOX_MEDIA;
export const SANDBOX_MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/** A phone number typed by a person: spaces, dots, dashes, parentheses and '+' are dropped. */
export const phoneNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s().+-]/g, '') : v),
  z
    .string()
    .max(15, 'invalidNumber')
    .regex(/^\d{8,15}$/, 'invalidNumber'),
);

/**
 * The sandbox's own phones are numbered in country code 999, which the ITU assigns to no country
 * (reserved for a future global service): no customer can have such a number, and the connections
 * page never shows a sandbox as if it were a real Brazilian phone. `999` + the connection id.
 */
export const SANDBOX_COUNTRY_CODE = '999';
export const sandboxNumber = (whatsappId: number) => `${SANDBOX_COUNTRY_CODE}${String(whatsappId).padStart(10, '0')}`;
export const isSandboxNumber = (digits: string) => digits.startsWith(SANDBOX_COUNTRY_CODE);

/** A customer the simulator plays: any phone number but the sandboxes' own. */
const customerNumber = phoneNumber.refine((n) => !isSandboxNumber(n), 'sandboxNumber');

const customerName = text().trim().min(1, 'required').max(100, 'tooLong');

const whatsappId = ref('whatsapps');
export const sandboxParams = z.object({ whatsappId });
export const sandboxNumberParams = z.object({ whatsappId, number: phoneNumber });
export const sandboxMediaParams = z.object({ whatsappId, messageId: ref('messages') });

/** POST …/customers: a phone the simulator plays (created, or renamed). */
export const sandboxCustomerBody = z.object({ number: customerNumber, name: customerName });
export type SandboxCustomerBody = z.infer<typeof sandboxCustomerBody>;

/** POST …/scan: the simulated phone reads the QR code the connection shows. */
export const sandboxScanBody = z.object({ qrcode: z.string().min(1, 'required').max(500, 'tooLong') });

/** POST …/messages: a customer writes to the connection (text, or media with a caption). */
export const sandboxMessageBody = z
  .object({
    number: customerNumber,
    name: customerName.optional(),
    body: text().max(4096, 'tooLong').default(''),
    media: z
      .object({
        /** The file's bytes, base64. */
        data: z
          .string()
          .min(1, 'required')
          .max(Math.ceil((SANDBOX_MAX_MEDIA_BYTES * 4) / 3) + 4, 'tooLarge'),
        mimetype: z.string().trim().toLowerCase().max(100, 'tooLong'),
        fileName: text().trim().max(200, 'tooLong').optional(),
      })
      .optional(),
  })
  .refine((m) => m.body.trim() !== '' || m.media, { message: 'required', path: ['body'] });
export type SandboxMessageBody = z.infer<typeof sandboxMessageBody>;

/** `GET /sandbox/{whatsappId}`: the sandbox connection's session as the simulated phone sees it. */
export interface SandboxState {
  id: number;
  name: string;
  provider: 'sandbox';
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string;
  updatedAt: string;
}

/** `POST …/scan` (202): the phone read the QR code the connection shows. */
export interface SandboxScanAnswer {
  accepted: true;
}

/** `POST …/customers`: a phone the simulator plays. */
export interface SandboxCustomer {
  number: string;
  name: string;
  updatedAt: string;
}

/** `GET …/customers` (latest first, at most 500): each with the replies it has not read yet. */
export interface SandboxCustomerEntry extends SandboxCustomer {
  unread: number;
}

/** A message as the customer's phone shows it (`POST …/messages` answers the one sent, 201). */
export interface SandboxPhoneMessage {
  id: number;
  externalId: string | null;
  /** Written by the customer (true) or received from the business (false). */
  fromCustomer: boolean;
  number: string;
  body: string;
  mediaType: MediaType;
  mediaName: string | null;
  /** `/api/sandbox/{whatsappId}/media/{messageId}`, or null. */
  mediaUrl: string | null;
  /** The business's message: 1 sent, 2–3 delivered, 4 read. The customer's: `read` by the business. */
  ack: number;
  read: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  ticketId: number;
  ticketStatus: TicketStatus;
  createdAt: string;
}

/** `GET …/conversations/{number}`: the chat with one customer, oldest first (the latest 200). */
export interface SandboxConversation {
  customer: Pick<SandboxCustomer, 'number' | 'name'> | null;
  messages: SandboxPhoneMessage[];
}

/** `POST …/conversations/{number}/read`: how many replies became read. */
export interface SandboxReadAnswer {
  read: number;
}
