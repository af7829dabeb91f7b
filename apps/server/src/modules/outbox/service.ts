/** The outbox module's public face: what other modules may use of it (docs/architecture.md). */
export { enqueueEvent, idempotencyKeyOf, type Enqueued } from './enqueue.ts';
