/** A message as the thread shows it (operations §3; the server's message-view.ts). */
export interface MessageContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
}

export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl: string | null;
  isDeleted?: boolean;
  contact: MessageContact | null;
}

export interface Message {
  id: number;
  ticketId: number;
  contactId?: number | null;
  body: string;
  fromMe: boolean;
  read?: boolean;
  /** 0 queued, 1 sent, 2–3 delivered, 4 read, 5 played. */
  ack: number;
  error?: string | null;
  mediaType: string;
  /** A fetchable address of the file (an `/api/…` path or a URL), when the server gives one. */
  mediaUrl: string | null;
  mediaName?: string | null;
  quotedMsgId?: number | null;
  quotedMsg?: QuotedMessage | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** Sent by the chatbot / an automation rather than a person. */
  fromBot?: boolean;
  userId?: number | null;
  participant?: string | null;
  data?: { mimetype?: string } | null;
  createdAt: string;
  updatedAt?: string;
  contact?: MessageContact | null;
}

export interface MessagePage {
  messages: Message[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-appMessage` payloads. */
export interface MessageEvent {
  action: 'create' | 'update';
  message: Message;
}

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  mediaPath?: string | null;
  mediaName?: string | null;
  isMedia?: boolean;
  mediaUrl?: string | null;
  /** Inactive answers are not offered. */
  status?: boolean;
}
