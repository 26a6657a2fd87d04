/** Realtime event names: `company-{companyId}-{topic}` with `{action, …}` payloads. */
export const TOPICS = [
  'ticket',
  'appMessage',
  'contact',
  'whatsapp',
  'whatsappSession',
  'user',
  'chat',
  'campaign',
  'schedule',
  'queue',
  'tag',
  'quickmessage',
  'payment',
  'announcement',
  'auth',
  'settings',
  'company',
] as const;
export type Topic = (typeof TOPICS)[number];

export const eventName = (companyId: number, topic: Topic) => `company-${companyId}-${topic}`;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  userStatus: 'userStatus',
} as const;
