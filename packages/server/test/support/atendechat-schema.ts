/**
 * An Atendechat (Whaticket SaaS) database as its Sequelize migrations leave it: double-quoted
 * CamelCase tables, camelCase columns, createdAt/updatedAt. Only the columns the import reads, plus
 * an extra column a fork added (`Contacts.extraFork`), to show extra columns are tolerated.
 * Constraints are looser than Atendechat's where forks differ (a company's name may be null).
 * `ATENDECHAT_AUTOMATION_DDL`: the optional tables (bots, campaigns, notes, internal chats, billing,
 * the platform's content), left out of a source to show their absence is tolerated.
 */
export const ATENDECHAT_DDL = `
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

export const ATENDECHAT_AUTOMATION_DDL = `
create table "QueueIntegrations" (id serial primary key, type varchar(255) not null, name varchar(255) not null,
  "projectName" varchar(255), "jsonContent" text, language varchar(255), "urlN8N" varchar(255), "typebotSlug" varchar(255),
  "typebotExpires" int default 0, "typebotKeywordFinish" varchar(255), "typebotUnknownMessage" varchar(255),
  "typebotDelayMessage" int default 1000, "typebotKeywordRestart" varchar(255), "typebotRestartMessage" varchar(255),
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Prompts" (id serial primary key, name text not null, "apiKey" text not null, prompt text not null,
  "maxTokens" int default 100, "maxMessages" int default 10, temperature int default 1, "promptTokens" int default 0,
  "completionTokens" int default 0, "totalTokens" int default 0, voice text, "voiceKey" text, "voiceRegion" text,
  "queueId" int references "Queues"(id), "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
alter table "Queues" add column "promptId" int references "Prompts"(id), add column "integrationId" int references "QueueIntegrations"(id);
alter table "Whatsapps" add column "promptId" int references "Prompts"(id), add column "integrationId" int references "QueueIntegrations"(id);
create table "QueueOptions" (id serial primary key, title varchar(255) not null, message text, option text,
  "queueId" int references "Queues"(id) on delete cascade, "parentId" int references "QueueOptions"(id) on delete cascade,
  "mediaPath" text, "mediaName" text,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Files" (id serial primary key, "companyId" int not null references "Companies"(id) on delete cascade,
  name varchar(255) not null, message text not null,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "FilesOptions" (id serial primary key, name varchar(255) not null, path varchar(255) not null,
  "fileId" int not null references "Files"(id) on delete cascade, "mediaType" varchar(255) default '',
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Campaigns" (id serial primary key, name varchar(255) not null, message1 text default '', message2 text default '',
  message3 text default '', message4 text default '', message5 text default '', "confirmationMessage1" text default '',
  confirmation boolean default false, status varchar(255), "scheduledAt" timestamptz, "completedAt" timestamptz,
  "contactListId" int references "ContactLists"(id), "whatsappId" int references "Whatsapps"(id),
  "fileListId" int references "Files"(id), "tagListId" int, "mediaPath" text, "mediaName" text,
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "TicketNotes" (id serial primary key, note varchar(255) not null, "userId" int references "Users"(id),
  "contactId" int references "Contacts"(id), "ticketId" int references "Tickets"(id),
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Chats" (id serial primary key, title varchar(255) default '', uuid varchar(255) default '',
  "ownerId" int references "Users"(id), "lastMessage" text, "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "ChatUsers" (id serial primary key, "chatId" int references "Chats"(id) on delete cascade,
  "userId" int references "Users"(id) on delete cascade, unreads int default 0,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "ChatMessages" (id serial primary key, "chatId" int references "Chats"(id) on delete cascade,
  "senderId" int references "Users"(id), message text default '', "mediaPath" text, "mediaName" text,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Invoices" (id serial primary key, detail varchar(255), status varchar(255), value float, "dueDate" varchar(255),
  "companyId" int references "Companies"(id) on delete cascade,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Announcements" (id serial primary key, priority int, title varchar(255) not null, text text not null,
  "mediaPath" text, "mediaName" text, "companyId" int references "Companies"(id), status boolean,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "Helps" (id serial primary key, title varchar(255), description text, video varchar(255), link text,
  "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
create table "FlowBuilders" (id serial primary key, user_id int, name varchar(255), active boolean default true, flow json,
  company_id int, "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now());
`;
