/**
 * Cloudflare Queues for the Worker tests, built on the pool's helpers (createMessageBatch, getQueueResult): the
 * app's EMAIL_QUEUE binding is replaced by a recording queue, and `deliver` hands each recorded message to the
 * Worker's own queue() handler the way Cloudflare does: again while the handler asks for a retry, up to the
 * consumer's max_retries from wrangler.toml, then once to the dead-letter queue. Retry delays are recorded, not
 * waited for.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker, { type WorkerHandlers } from "../../worker/index";

type Sent = { id: string; body: unknown };

/** What the app enqueues lands here instead of on a real queue. */
export class RecordingQueue implements Queue<unknown> {
  readonly pending: Sent[] = [];
  /** Every message ever sent, delivered or not. */
  readonly sent: Sent[] = [];

  async send(body: unknown): Promise<QueueSendResponse> {
    const message = { id: crypto.randomUUID(), body: structuredClone(body) };
    this.pending.push(message);
    this.sent.push(message);
    return { metadata: { metrics: { backlogCount: this.pending.length, backlogBytes: 0 } } };
  }

  async sendBatch(messages: Iterable<MessageSendRequest<unknown>>): Promise<QueueSendBatchResponse> {
    for (const message of messages) await this.send(message.body);
    return { metadata: { metrics: { backlogCount: this.pending.length, backlogBytes: 0 } } };
  }

  async metrics(): Promise<QueueMetrics> {
    return { backlogCount: this.pending.length, backlogBytes: 0 };
  }
}

/** One delivery of one message to the queue() handler, as the platform would make it. */
export type Delivery = { queue: string; messageId: string; attempts: number; outcome: "ack" | "retry"; delaySeconds?: number };

function consumer(queue: string) {
  const found = env.TEST_QUEUE_CONSUMERS.find((entry) => entry.queue === queue);
  if (!found) throw new Error(`wrangler.toml has no consumer for ${queue}`);
  return found;
}

/** Hands one message to queue() in a batch of its own; says whether the handler acknowledged it or asked for a retry. */
export async function deliverOnce(
  testEnv: Env,
  queue: string,
  message: Sent,
  attempts: number,
  handlers: WorkerHandlers = worker,
): Promise<Delivery> {
  let delaySeconds: number | undefined;
  const batch = createMessageBatch(queue, [{ id: message.id, timestamp: new Date(), attempts, body: message.body }]);
  // getQueueResult reports retries but not their delay: the message's retry() is watched for it.
  const [delivered] = batch.messages;
  const retry = delivered!.retry.bind(delivered);
  Object.defineProperty(delivered, "retry", {
    value: (options?: QueueRetryOptions) => {
      delaySeconds = options?.delaySeconds;
      retry(options);
    },
  });
  const ctx = createExecutionContext();
  await handlers.queue(batch, testEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  const retried = result.retryBatch.retry || result.retryMessages.some((entry: { msgId: string }) => entry.msgId === message.id);
  return { queue, messageId: message.id, attempts, outcome: retried ? "retry" : "ack", delaySeconds };
}

/** Delivers everything pending on `recording`, retrying and dead-lettering by wrangler.toml's consumer settings. */
export async function deliver(testEnv: Env, recording: RecordingQueue, handlers: WorkerHandlers = worker): Promise<Delivery[]> {
  const main = consumer("light-cards-email");
  const deliveries: Delivery[] = [];
  for (let message = recording.pending.shift(); message; message = recording.pending.shift()) {
    for (let attempts = 1; ; attempts++) {
      const delivery = await deliverOnce(testEnv, main.queue, message, attempts, handlers);
      deliveries.push(delivery);
      if (delivery.outcome === "ack") break;
      if (attempts > (main.max_retries ?? 3)) {
        if (main.dead_letter_queue) deliveries.push(await deliverOnce(testEnv, main.dead_letter_queue, message, 1, handlers));
        break;
      }
    }
  }
  return deliveries;
}

/**
 * Delivers the A/B events pending on `recording` to queue() in one batch, as the platform gathers them (up to the
 * consumer's max_batch_size): the consumer writes the whole batch at once.
 */
export async function deliverEvents(testEnv: Env, recording: RecordingQueue, handlers: WorkerHandlers = worker): Promise<void> {
  const { max_batch_size: batchSize = 10 } = consumer("light-cards-events");
  while (recording.pending.length > 0) {
    const messages = recording.pending.splice(0, batchSize);
    const batch = createMessageBatch(
      "light-cards-events",
      messages.map((message) => ({ id: message.id, timestamp: new Date(), attempts: 1, body: message.body })),
    );
    const ctx = createExecutionContext();
    await handlers.queue(batch, testEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    if (!result.explicitAcks.length && !result.ackAll) throw new Error("The events consumer acknowledged nothing");
  }
}
