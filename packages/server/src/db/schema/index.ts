/** One file per domain, named after the domain that owns its tables. */
export * from './plans.js';
export * from './companies.js';
export * from './users.js';
export * from './auth.js';
export * from './helps.js';
export * from './queues.js';
export * from './connections.js';
export * from './contacts.js';
export * from './tickets.js';
export * from './messages.js';
export * from './tags.js';
export * from './quick-messages.js';
export * from './ticket-notes.js';
export * from './schedules.js';
export * from './sandbox.js';
export * from './contact-lists.js';
