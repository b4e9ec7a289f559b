export { Webhooks } from './webhooks.js';
export type * from './webhooks.js';
