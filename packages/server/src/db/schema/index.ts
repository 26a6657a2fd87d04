export * from './plans.js';
export * from './companies.js';
export * from './users.js';
export * from './auth.js';
export * from './helps.js';
export * from './connections.js';
export * from './inbox.js';
