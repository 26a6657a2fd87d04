import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './database-url.js';

/**
 * An Atendechat (Whaticket SaaS) database as its Sequelize migrations leave it: double-quoted
 * CamelCase tables, camelCase columns, createdAt/updatedAt. Only the columns the import reads, plus
 * an extra column a fork added (`Contacts.extraFork`), to show extra columns are tolerated.
 * Constraints are looser than Atendechat's where forks differ (a company's name may be null).
 */
const DDL = `
create table "Plans" (id serial primary key, name varchar(255) not null, users int default 0, connections int default 0,
  queues int default 0, value numeric default 0, "useSchedules" boolean default true, "useCampaigns" boolean default true,
  "useInternalChat" boolean default true, "useExternalApi" boolean default true, "useKanban" boolean default true,
  "useOpenAi" boolean default true, "useIntegrations" boolean default true,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Companies" (id serial primary key, name varchar(255), phone varchar(255), email varchar(255),
  status boolean default true, "planId" int references "Plans"(id), "dueDate" varchar(255), recurrence varchar(255) default '',
  schedules jsonb default '[]', "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Queues" (id serial primary key, name varchar(255) not null, color varchar(255) not null,
  "greetingMessage" text, "outOfHoursMessage" text, schedules jsonb default '[]', "orderQueue" int,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Whatsapps" (id serial primary key, session text, qrcode text, status varchar(255), battery varchar(255),
  plugged boolean, name varchar(255) not null, "isDefault" boolean default false, retries int default 0,
  "greetingMessage" text, "farewellMessage" text, "complationMessage" text, "outOfHoursMessage" text, "ratingMessage" text,
  token text, provider varchar(255) default 'beta', "transferQueueId" int, "timeToTransfer" int, "expiresTicket" int,
  "expiresInactiveMessage" text, "maxUseBotQueues" int, "timeUseBotQueues" int,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Users" (id serial primary key, name varchar(255) not null, email varchar(255) not null,
  "passwordHash" varchar(255) not null, "tokenVersion" int default 0, profile varchar(255) default 'admin',
  super boolean default false, online boolean default false, "allTicket" varchar(255) default 'desabled',
  "whatsappId" int references "Whatsapps"(id), "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "UserQueues" ("userId" int references "Users"(id) on delete cascade, "queueId" int references "Queues"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now(), primary key ("userId", "queueId"));
create table "WhatsappQueues" ("whatsappId" int references "Whatsapps"(id) on delete cascade,
  "queueId" int references "Queues"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now(), primary key ("whatsappId", "queueId"));
create table "Contacts" (id serial primary key, name varchar(255) not null, number varchar(255) not null,
  "profilePicUrl" varchar(255), email varchar(255) not null default '', "isGroup" boolean not null default false,
  "whatsappId" int, "extraFork" text, "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Tickets" (id serial primary key, status varchar(255) not null default 'pending', "lastMessage" text,
  "unreadMessages" int, "isGroup" boolean default false, uuid uuid, chatbot boolean default false,
  "contactId" int references "Contacts"(id) on delete cascade, "userId" int references "Users"(id) on delete set null,
  "whatsappId" int references "Whatsapps"(id) on delete set null, "queueId" int references "Queues"(id) on delete set null,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Tags" (id serial primary key, name varchar(255), color varchar(255), kanban int default 0,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "TicketTags" ("ticketId" int references "Tickets"(id) on delete cascade, "tagId" int references "Tags"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Messages" (id varchar(255) primary key, body text not null, ack int not null default 0, read boolean default false,
  "mediaType" varchar(255), "mediaUrl" varchar(255), "fromMe" boolean default false, "isDeleted" boolean default false,
  "quotedMsgId" varchar(255), participant varchar(255), "dataJson" text, "remoteJid" text, "isEdited" boolean default false,
  "ticketId" int references "Tickets"(id) on delete cascade, "contactId" int references "Contacts"(id) on delete cascade,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "QuickMessages" (id serial primary key, shortcode varchar(255) not null, message text, "mediaPath" text,
  "mediaName" text, geral boolean default false, "userId" int references "Users"(id), "companyId" int references "Companies"(id),
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Schedules" (id serial primary key, body text not null, "sendAt" timestamptz, "sentAt" timestamptz,
  "contactId" int references "Contacts"(id), "ticketId" int references "Tickets"(id), "userId" int references "Users"(id),
  "companyId" int references "Companies"(id), status varchar(255), "mediaPath" text, "mediaName" text,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "ContactLists" (id serial primary key, name varchar(255), "companyId" int references "Companies"(id),
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "ContactListItems" (id serial primary key, name varchar(255) not null, number varchar(255) not null,
  email varchar(255), "contactListId" int references "ContactLists"(id) on delete cascade, "isWhatsappValid" boolean,
  "companyId" int references "Companies"(id),
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Settings" (id serial primary key, key varchar(255) not null, value text, "companyId" int references "Companies"(id),
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
`;

/** A new, empty database on the tests' PostgreSQL server with Atendechat's tables; its URL and a client. */
export async function createAtendechatDatabase(): Promise<{ url: string; db: pg.Client; drop(): Promise<void> }> {
  const base = inject('pgUrl');
  const name = `atendechat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(base, name);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(DDL);
  return {
    url,
    db,
    async drop() {
      await db.end();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
