import { Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
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
