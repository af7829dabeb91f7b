/** The outbox module's public face: what routes, flows, plugins and other modules use of it (docs/architecture.md). */
export {
  contactTarget,
  enqueueEvent,
  enqueueForContact,
  enqueueJob,
  idempotencyKeyOf,
  KIND_BY_CHANNEL,
  type ContactMessage,
  type Enqueued,
  type Target,
} from './enqueue.ts';
export type { JobHandlers } from './worker.ts';
export { enqueueMessage } from './enqueue.ts';
export {
  claimTemplateFallback,
  findStatusTarget,
  recordDeliveryStatus,
  type DeliveryStatus,
} from './status-repository.ts';
export type { MessagePayload, OutboxRow } from './repository.ts';
export { insertOutboxRow, redactContactOutbox } from './repository.ts';
export { findOrderDetailsTarget, type OrderDetailsTarget } from './repository.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { completePart } from './delivery-links.ts';
export { sha256 } from './enqueue.ts';
export { hasDedupeKey, listOrderRows, listRecentMessages } from './repository.ts';
export { nudgeOutbox, startOutboxWorker, stopOutboxWorker } from './worker.ts';
