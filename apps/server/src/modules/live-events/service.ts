/** The live-events module's face: what routes, flows and plugins use of it (docs/architecture.md). */
export { heartbeats, orderEventBus, orderEventStream, pruneOldOrderEvents } from './order-stream.ts';
export type { Heartbeats } from './order-stream.ts';
export { openShopEventStream, pruneShopEvents, shopEventBus } from './stream.ts';
