import { Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { Wakeup } from '../../common/util/wakeup';
import { RedisKeys, subscriberOf } from './redis.module';

/**
 * "Something changed for this account", across processes, on a Redis channel per account (`<prefix>:<name>:<account>`):
 * the process that made the change publishes, and API processes with a request waiting for it listen. Only a hint:
 * readers always read the database, and re-check it now and then, so a lost message delays an answer but loses
 * nothing. A process holds one subscriber connection, opened on first use, subscribed to the channels of the
 * accounts it has waiting requests for. Each kind of change is a subclass naming its channel.
 */
export abstract class RedisSignal implements OnApplicationShutdown {
  private readonly logger: Logger;
  private subscriber?: Redis;
  private readonly channels = new Map<string, { listeners: Set<() => void>; subscribed: Promise<void> }>();

  protected constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    /** The channel's name, in the keys and the logs. */
    private readonly name: string,
  ) {
    this.logger = new Logger(`RedisSignal(${name})`);
  }

  /** Tells every listener of the account, in any process. Never throws: the readers' re-check covers a lost message. */
  async publish(accountId: string): Promise<void> {
    try {
      await this.redis.publish(this.channel(accountId), '1');
    } catch (err) {
      this.logger.warn({ err, account_id: accountId }, `Could not announce on ${this.name}`);
    }
  }

  /**
   * Calls `listener` on every announcement for the account until the returned function is called.
   * Resolves once subscribed (or once subscribing failed: the caller's re-check then does the work).
   */
  async listen(accountId: string, listener: () => void): Promise<() => void> {
    const channel = this.channel(accountId);
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = {
        listeners: new Set(),
        subscribed: this.connection()
          .subscribe(channel)
          .then(
            () => undefined,
            (err: unknown) => this.logger.warn({ err, account_id: accountId }, `Could not subscribe to ${this.name}; relying on re-checks`),
          ),
      };
      this.channels.set(channel, entry);
    }
    entry.listeners.add(listener);
    const stop = () => {
      const current = this.channels.get(channel);
      if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
      this.channels.delete(channel);
      void this.subscriber?.unsubscribe(channel).catch(() => undefined);
    };
    await entry.subscribed;
    return stop;
  }

  /**
   * Reads with `read` until `done` accepts what it read, the `deadline` (epoch ms) passes or `stop` aborts, and answers
   * the last read. Reads again at once when the account's channel announces something, and every `recheckMs`
   * regardless (the message is only a hint). Listening starts before the first read, so a change made after that read
   * wakes the wait.
   */
  async readUntil<T>(accountId: string, { read, done, deadline, stop, recheckMs }: ReadUntilOptions<T>): Promise<T> {
    const wakeup = new Wakeup();
    const onStop = () => wakeup.notify();
    stop.addEventListener('abort', onStop);
    const stopListening = await this.listen(accountId, () => wakeup.notify());
    try {
      for (;;) {
        const value = await read();
        const remaining = deadline - Date.now();
        if (done(value) || remaining <= 0 || stop.aborted) return value;
        await wakeup.wait(Math.min(remaining, recheckMs));
      }
    } finally {
      stopListening();
      stop.removeEventListener('abort', onStop);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.channels.clear();
    await this.subscriber?.quit().catch(() => undefined);
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = subscriberOf(this.redis, this.name);
    subscriber.on('message', (channel: string) => {
      for (const listener of this.channels.get(channel)?.listeners ?? []) listener();
    });
    subscriber.on('error', (err) => this.logger.warn({ err }, `${this.name} channel error`));
    this.subscriber = subscriber;
    return subscriber;
  }

  private channel(accountId: string): string {
    return this.keys.key(this.name, accountId);
  }
}

export interface ReadUntilOptions<T> {
  read(): Promise<T>;
  /** True when the read answers what the caller waits for. */
  done(value: T): boolean;
  /** Epoch milliseconds: the last read is answered then, done or not. */
  deadline: number;
  /** Aborts the wait (the client went away, the application stops): the last read is answered. */
  stop: AbortSignal;
  recheckMs: number;
}
