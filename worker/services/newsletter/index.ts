// The newsletter's public face (issue #24 §2): double opt-in subscriptions and one-click unsubscribe.
export { createNewsletterService, type NewsletterService, type SubscribeSource, type UnsubscribeSource } from './subscriptions';
