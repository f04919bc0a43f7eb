/** The double's public shapes: options, switches, the handle a test holds, Stripe objects. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Where webhooks go: a URL (POSTed over HTTP) or a function (e.g. Fastify's inject). */
export type WebhookTarget =
  { url: string } | { deliver: (payload: string, headers: Record<string, string>) => Promise<number> };

export interface StripeFakeOptions {
  /** Signing secret of the platform's endpoint (events of the platform account itself). */
  webhookSecret: string;
  webhookTarget?: WebhookTarget;
  /**
   * Signing secret of the Connect endpoint: events that happen on connected accounts (they carry
   * `account`) go there, signed with this secret, as Stripe does with a Connect webhook endpoint.
   * Without it they are not delivered at all.
   */
  connectWebhookSecret?: string;
  connectWebhookTarget?: WebhookTarget;
  /**
   * The only origin a browser may call the double from (the console's, as Stripe.js would);
   * requests from other origins get no CORS headers. Without it no origin is allowed.
   */
  allowedOrigin?: string;
  /** Attempts per webhook before it is dropped (Stripe retries for days; tests need seconds). */
  maxDeliveryAttempts?: number;
  retryDelayMs?: number;
  /**
   * A JSON file that keeps the fake's objects across restarts (the embedded default keeps its
   * database in DATA_DIR, so the Stripe ids it stored must still exist after a restart).
   */
  stateFile?: string;
}

/** Switches for the failure modes a test wants to provoke. */
export interface StripeFakeSwitches {
  /** 'immediate': each event is sent as soon as it happens; 'hold': queued until flushWebhooks(). */
  webhookMode: 'immediate' | 'hold';
  /** Each event is delivered this many times (concurrently). */
  webhookCopies: number;
  /** Delay before each delivery, in milliseconds. */
  webhookDelayMs: number;
  /** flushWebhooks() sends the held events newest first. */
  reverseOnFlush: boolean;
  /**
   * Card funds become available this many seconds after the charge (Stripe: days; 0 = at once).
   * Until then a transfer without `source_transaction` cannot spend them (balance_insufficient).
   */
  fundsAvailableAfterSeconds: number;
  /** New refunds start `pending` (settle them with settleRefund), as bank refunds do. */
  refundsStartPending: boolean;
  /** The next N API requests answer 429 rate_limit with Stripe's message. */
  rateLimitNextRequests: number;
}

export interface DeliveredWebhook {
  event_id: string;
  type: string;
  status: number;
}

export interface StripeFake {
  /** `http://127.0.0.1:{port}` */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly switches: StripeFakeSwitches;
  readonly delivered: DeliveredWebhook[];
  setWebhookTarget(target: WebhookTarget | undefined): void;
  /** Where events of connected accounts go (the Connect endpoint). */
  setConnectWebhookTarget(target: WebhookTarget | undefined): void;
  /** Sends the held events (in order, or reversed with `reverseOnFlush`). */
  flushWebhooks(): Promise<void>;
  /** Waits until no delivery is running or queued for immediate sending. */
  idle(): Promise<void>;
  get(id: string): StripeObject | undefined;
  /** Every event created so far, oldest first. */
  events(): StripeObject[];
  /**
   * Fake-only: what finishing Stripe's hosted onboarding does (details submitted, payouts on,
   * requested capabilities active, or `pending` while Stripe still verifies them).
   */
  completeOnboarding(accountId: string, capabilities?: 'active' | 'pending'): void;
  /**
   * Fake-only: a card holder disputes the charge of a PaymentIntent. An inquiry
   * (`warning_needs_response`) withdraws nothing; a dispute withdraws its amount at once
   * (`charge.dispute.funds_withdrawn`).
   */
  createDispute(paymentIntentId: string, options?: { amountCents?: number; inquiry?: boolean }): StripeObject;
  /** Fake-only: an inquiry becomes a dispute and its amount is withdrawn. */
  escalateInquiry(disputeId: string): void;
  /** Fake-only: the dispute closes; won gives the money back (`charge.dispute.funds_reinstated`). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): void;
  /** Fake-only: a pending refund settles (`refund.updated`, `charge.refund.updated`, `refund.failed`). */
  settleRefund(refundId: string, outcome: 'succeeded' | 'failed' | 'canceled'): void;
  /** Fake-only: the platform reverses a transfer (`transfer.reversed`). */
  reverseTransfer(transferId: string): void;
  /** Fake-only: a payout of a connected account to its bank fails (`payout.failed`, Connect). */
  failPayout(accountId: string, amountCents: number): StripeObject;
  /** Fake-only: the connected account disconnects the platform (`account.application.deauthorized`). */
  deauthorize(accountId: string): void;
  /** Fake-only: the card network updates a saved card (`payment_method.automatically_updated`). */
  updateCardAutomatically(paymentMethodId: string): void;
  close(): Promise<void>;
}

export interface StripeList {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
  [key: string]: unknown;
}

/** The API version stripe-node 23.1 pins (`Stripe.API_VERSION`); events and replies carry it. */
export const API_VERSION = '2026-10-28.endive';
