export type {
  ConsumeOptions,
  ConsumerHandle,
  ConsumerPacing,
  EventBus,
  EventBusLogger,
  StoredEvent,
} from './event-bus.js';
export { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, MAX_PACING_MS } from './event-bus.js';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus.js';
export {
  createJetStreamBus,
  type ConsumerLag,
  type JetStreamBus,
  type JetStreamBusOptions,
} from './jetstream-bus.js';
export type { ConsumerTuning } from './jetstream-consumer.js';
export type { RelayHandle, RelayStats, RelayTuning } from './relay.js';
export { RELAY_LOCK_NAMESPACE } from './relay.js';
export { batchSubject } from './stream-setup.js';
export { Pause, backoffMs } from './pause.js';
export { packEvents, unpackEvents } from './stream-message.js';
export {
  createNatsCommandTransport,
  natsCommandTransport,
  CommandFailedError,
  CommandUnavailableError,
  type CommandContext,
  type CommandHandler,
  type CommandRequestOptions,
  type CommandTransport,
  type NatsCommandTransportOptions,
} from './command-transport.js';
