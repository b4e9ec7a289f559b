export { Webhooks } from './webhooks.js';
export type * from './webhooks.js';
export { watchWebhookSubscriptions } from './watch-subscriptions.js';
export type {
  WatchWebhookSubscriptionsOptions,
  WebhookSubscriptionSource,
  WebhookSubscriptionWatch,
} from './watch-subscriptions.js';
