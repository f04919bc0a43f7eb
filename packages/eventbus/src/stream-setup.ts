import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { EventBusLogger } from './event-bus.js';

const STREAM_NAME = /^[A-Za-z0-9_-]{1,200}$/;
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

export function checkStreamName(name: string): string {
  if (!STREAM_NAME.test(name)) {
    throw new TypeError(`streamName must be letters, digits, "-" or "_", got ${JSON.stringify(name)}`);
  }
  return name;
}

export function checkSubjectPrefix(prefix: string): string {
  if (!prefix.split('.').every((token) => SUBJECT_TOKEN.test(token))) {
    throw new TypeError(
      `subjectPrefix must be dot-separated tokens without wildcards, got ${JSON.stringify(prefix)}`,
    );
  }
  return prefix;
}

/**
 * The subject the relay publishes to: every message holds a run of consecutive events of any
 * types, so consumers take the stream in order rather than filter it by subject.
 */
export function batchSubject(prefix: string): string {
  return `${prefix}.batch`;
}

export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/**
 * Creates the stream when it is missing and brings its subjects and duplicate window in line
 * when they differ. Several processes may run this at once; stream creation is idempotent on an
 * identical configuration, and a lost race falls back to reading what the winner made.
 */
export async function ensureStream(args: {
  jsm: JetStreamManager;
  streamName: string;
  subjectPrefix: string;
  duplicateWindowMs: number;
  logger: EventBusLogger;
}): Promise<StreamInfo> {
  const { jsm, streamName, logger } = args;
  const subjects = [`${args.subjectPrefix}.>`];
  const duplicateWindow = nanos(args.duplicateWindowMs);
  let info: StreamInfo | undefined;
  try {
    info = await jsm.streams.info(streamName);
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
  }
  if (!info) {
    try {
      info = await jsm.streams.add({
        name: streamName,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        duplicate_window: duplicateWindow,
        description:
          'Events relayed from the event store, runs of consecutive events per message, Nats-Msg-Id = last event_id',
      });
      logger.info({ stream: streamName, subjects }, 'created the JetStream stream');
      return info;
    } catch (error) {
      // Either another process created it first (read it back), or the server refused the
      // configuration, e.g. subjects that overlap another stream (report that, not "not found").
      info = await jsm.streams.info(streamName).catch(() => {
        throw new Error(`cannot create JetStream stream ${streamName} for ${subjects[0]}`, { cause: error });
      });
    }
  }
  const sameSubjects =
    info.config.subjects.length === subjects.length &&
    info.config.subjects.every((s, i) => s === subjects[i]);
  if (!sameSubjects || info.config.duplicate_window !== duplicateWindow) {
    logger.info(
      { stream: streamName, subjects, duplicateWindowMs: args.duplicateWindowMs },
      'updating the JetStream stream configuration',
    );
    info = await jsm.streams.update(streamName, {
      ...info.config,
      subjects,
      duplicate_window: duplicateWindow,
    });
  }
  if (info.config.storage !== StorageType.File) {
    logger.warn(
      { stream: streamName, storage: info.config.storage },
      'the event stream is not on file storage',
    );
  }
  return info;
}
