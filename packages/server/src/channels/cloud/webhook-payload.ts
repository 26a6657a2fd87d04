import { z } from 'zod';

/**
 * The part of Meta's webhook delivery (`object: whatsapp_business_account`) that Balcão reads.
 * The envelope must have the documented shape; each message and status is checked on its own,
 * so one odd item never blocks the rest of a delivery. Unknown fields are kept (loose).
 */
const mediaObject = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  sha256: z.string().optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
});

const contactCard = z.looseObject({
  name: z
    .looseObject({
      formatted_name: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      middle_name: z.string().optional(),
      prefix: z.string().optional(),
      suffix: z.string().optional(),
    })
    .optional(),
  phones: z
    .array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() }))
    .optional(),
  emails: z.array(z.looseObject({ email: z.string().optional(), type: z.string().optional() })).optional(),
  org: z
    .looseObject({ company: z.string().optional(), department: z.string().optional(), title: z.string().optional() })
    .optional(),
  urls: z.array(z.looseObject({ url: z.string().optional(), type: z.string().optional() })).optional(),
  addresses: z
    .array(
      z.looseObject({
        street: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        zip: z.string().optional(),
        country: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
  birthday: z.string().optional(),
});
export type ContactCard = z.infer<typeof contactCard>;

const graphError = z.looseObject({
  code: z.number().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});

export const webhookMessage = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  image: mediaObject.optional(),
  audio: mediaObject.optional(),
  video: mediaObject.optional(),
  document: mediaObject.optional(),
  sticker: mediaObject.optional(),
  location: z
    .looseObject({
      latitude: z.coerce.number(),
      longitude: z.coerce.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    })
    .optional(),
  contacts: z.array(contactCard).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string() }).optional(),
      list_reply: z
        .looseObject({ id: z.string().optional(), title: z.string(), description: z.string().optional() })
        .optional(),
      nfm_reply: z
        .looseObject({ body: z.string().optional(), name: z.string().optional(), response_json: z.string().optional() })
        .optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  system: z.looseObject({ body: z.string().optional(), type: z.string().optional() }).optional(),
  context: z
    .looseObject({ id: z.string().optional(), from: z.string().optional(), forwarded: z.boolean().optional() })
    .optional(),
  errors: z.array(graphError).optional(),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;

export const webhookStatus = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  recipient_id: z.string().optional(),
  /** What the send carried as `biz_opaque_callback_data` (our message's reference). */
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(graphError).optional(),
});
export type WebhookStatus = z.infer<typeof webhookStatus>;

export const webhookDelivery = z.looseObject({
  object: z.string().optional(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(
        z.looseObject({
          field: z.string().optional(),
          value: z.looseObject({
            messaging_product: z.string().optional(),
            metadata: z
              .looseObject({ phone_number_id: z.string().optional(), display_phone_number: z.string().optional() })
              .optional(),
            contacts: z
              .array(
                z.looseObject({
                  wa_id: z.string().optional(),
                  profile: z.looseObject({ name: z.string().optional() }).optional(),
                }),
              )
              .optional(),
            // Items are validated one by one (see above).
            messages: z.array(z.unknown()).optional(),
            statuses: z.array(z.unknown()).optional(),
          }),
        }),
      ),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export type WebhookChangeValue = WebhookDelivery['entry'][number]['changes'][number]['value'];
