/** The outbox module's public face: what other modules may use of it (docs/architecture.md). */
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
export { findOrderDetailsTarget, type OrderDetailsTarget } from './repository.ts';
