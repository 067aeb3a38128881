import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe's objects, built loosely on purpose */
type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  form: Obj;
}

const rand = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

/** Stripe's bracket form encoding (`items[0][price]=...`) back into nested objects. */
export function parseForm(raw: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}

const error = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/**
 * Stripe cannot be reached from here, so this local server answers the calls the billing
 * feature makes in Stripe's wire format: form-encoded requests, JSON objects with `object`
 * fields, `{ error: { type, message, code } }` bodies. Tests move its objects along (a paid
 * first invoice, a renewal) and sign the matching events themselves.
 */
export async function startStripeStandIn(prices: { basic: string; premium: string }) {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  let failNext: { status: number; body: Obj } | undefined;
  const amountOf = (price: string) => (price === prices.premium ? 1999 : 999);

  function newIntent(amount: number, extra: Obj = {}) {
    const id = rand('pi');
    const intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      metadata: {},
      customer: null,
      last_payment_error: null,
      ...extra,
    };
    intents.set(id, intent);
    return intent;
  }

  function newInvoice(sub: Obj, reason: string, lines: { amount: number; price: string }[]) {
    const id = rand('in');
    const amount = lines.reduce((sum, l) => sum + l.amount, 0);
    const intent = newIntent(amount);
    const item = sub.items.data[0];
    const invoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      currency: 'usd',
      billing_reason: reason,
      created: now(),
      period_end: item.current_period_end,
      hosted_invoice_url: `https://invoice.stripe.test/${id}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: 'list',
        data: lines.map((l) => ({
          id: rand('il'),
          object: 'line_item',
          amount: l.amount,
          pricing: { type: 'price_details', price_details: { price: l.price } },
          period: { start: item.current_period_start, end: item.current_period_end },
        })),
      },
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  const expanded = (sub: Obj, expand: Obj | undefined) =>
    expand && Object.values(expand).includes('latest_invoice.confirmation_secret')
      ? { ...sub, latest_invoice: invoices.get(sub.latest_invoice) ?? null }
      : sub;

  function route(method: string, path: string, form: Obj): { status: number; body: Obj } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: rand('cus'),
        object: 'customer',
        email: form.email ?? null,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(form.customer))
        return error(
          400,
          'invalid_request_error',
          `No such customer: '${form.customer}'`,
          'resource_missing',
        );
      const price = form.items?.['0']?.price;
      if (price !== prices.basic && price !== prices.premium)
        return error(400, 'invalid_request_error', `No such price: '${price}'`, 'resource_missing');
      const start = now();
      const sub: Obj = {
        id: rand('sub'),
        object: 'subscription',
        customer: form.customer,
        status: 'incomplete',
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: form.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: rand('si'),
              object: 'subscription_item',
              price: { id: price, object: 'price' },
              current_period_start: start,
              current_period_end: start + MONTH,
            },
          ],
        },
        latest_invoice: null,
      };
      subscriptions.set(sub.id, sub);
      newInvoice(sub, 'subscription_create', [{ amount: amountOf(price), price }]);
      return { status: 200, body: expanded(sub, form.expand) };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub)
        return error(
          404,
          'invalid_request_error',
          `No such subscription: '${m[1]}'`,
          'resource_missing',
        );
      if (method === 'GET') return { status: 200, body: expanded(sub, form.expand) };
      if (method === 'DELETE') {
        sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        sub.canceled_at = now();
        return { status: 200, body: sub };
      }
      if (form.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
      if (form.metadata) sub.metadata = { ...sub.metadata, ...form.metadata };
      const price = form.items?.['0']?.price;
      if (price) {
        const before = sub.items.data[0].price.id;
        sub.items.data[0].price = { id: price, object: 'price' };
        if (form.proration_behavior === 'always_invoice') {
          const invoice = newInvoice(sub, 'subscription_update', [
            { amount: -amountOf(before) / 2, price: before },
            { amount: amountOf(price) / 2, price },
          ]);
          invoice.status = 'paid';
          invoice.amount_paid = invoice.amount_due;
        }
      }
      return { status: 200, body: sub };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([\w]+)$/))) {
      const invoice = invoices.get(m[1]!);
      return invoice
        ? { status: 200, body: invoice }
        : error(404, 'invalid_request_error', 'No such invoice', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      return {
        status: 200,
        body: newIntent(Number(form.amount), {
          currency: form.currency,
          customer: form.customer,
          metadata: form.metadata ?? {},
        }),
      };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([\w]+)$/))) {
      const intent = intents.get(m[1]!);
      return intent
        ? { status: 200, body: intent }
        : error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        contentType: req.headers['content-type'],
        form,
      });
      const answer =
        failNext ??
        (req.headers.authorization?.startsWith('Bearer sk_test_')
          ? route(req.method ?? '', url.pathname, form)
          : error(401, 'invalid_request_error', 'Invalid API Key provided'));
      failNext = undefined;
      res
        .writeHead(answer.status, { 'content-type': 'application/json', 'request-id': rand('req') })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    subscriptions,
    invoices,
    intents,
    failNextWith(status: number, type: string, message: string, code?: string) {
      failNext = error(status, type, message, code);
    },
    /** The customer pays the latest invoice of a subscription: it becomes active. */
    payLatestInvoice(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      const invoice = invoices.get(sub.latest_invoice)!;
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      sub.status = 'active';
      return { subscription: sub, invoice };
    },
    /** A month later: the period moves on and a renewal invoice is paid. */
    renew(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH;
      const invoice = newInvoice(sub, 'subscription_cycle', [
        { amount: amountOf(item.price.id), price: item.price.id },
      ]);
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      return { subscription: sub, invoice };
    },
    /** A Stripe event around a snapshot of an object. */
    event(type: string, object: Obj) {
      return {
        id: rand('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
