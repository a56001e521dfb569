// The hosted page of a payment link (`short_url` = {PUBLIC_BASE_URL}/pay/{id}): no API key, works without
// JavaScript on a phone. Server-rendered from Eta templates (every interpolation escaped unless marked raw;
// the only raw insert is the QR code's SVG, which the qrcode library draws), plain CSS from /pay/assets,
// a strict Content-Security-Policy, and rate limits per link (pay attempts) and per client address.
//
//   GET  /pay/:id                       the link: business, amount due, description, UPI QR code, a form
//   POST /pay/:id                       a pay attempt (form token, vpa, amount for partial links) → 303 to
//   GET  /pay/:id/payments/:payment_id  the attempt's outcome; refreshes itself while pending; a success
//                                       with callback_url goes on there
//
// The form token is signed (HMAC, a key derived from SECRETS_KEY) and carries when it was issued: the link
// workflow makes one payment per token, so a double click or a resubmitted form makes one payment.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import { Eta } from 'eta';
import QRCode from 'qrcode';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { type PaymentLinkStatus, callbackTarget, isPayable, payableRange, upiIntent } from '../../domain/payment-links.ts';
import { VPA_PATTERN } from '../../domain/payments.ts';
import { AccountEntity, PaymentEntity, PaymentLinkEntity, type PaymentLink } from '../../db/entities.ts';
import { sharedRateLimiter } from '../../db/rate-limits.ts';
import type { AppDeps, ApiContext, ApiMiddleware, ApiRouterContext, ApiState } from '../context.ts';
import { bodyParsing } from '../middleware/body.ts';

/** A form token older than this is refused (the customer reloads the page). */
const TOKEN_MAX_AGE_SECONDS = 3600;
const FORM_BODY_LIMIT = 8 * 1024;

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const eta = new Eta({ views: fileURLToPath(new URL('./templates', import.meta.url)), cache: true, autoEscape: true });
const stylesheet = readFileSync(new URL('./pay.css', import.meta.url), 'utf8');

const kolkataTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

// ---- Form tokens -------------------------------------------------------------------------------------------

export interface FormTokens {
  issue(linkId: string, nowMs?: number): string;
  /** True for a token this deployment issued for this link, less than an hour ago. */
  check(linkId: string, token: string, nowMs?: number): boolean;
}

export function formTokens(key: Buffer): FormTokens {
  const mac = (linkId: string, issued: string, nonce: string) => createHmac('sha256', key).update(`${linkId}.${issued}.${nonce}`).digest().subarray(0, 16);
  return {
    issue(linkId, nowMs = Date.now()) {
      const issued = String(Math.floor(nowMs / 1000));
      const nonce = randomBytes(12).toString('base64url');
      return `${issued}.${nonce}.${mac(linkId, issued, nonce).toString('base64url')}`;
    },
    check(linkId, token, nowMs = Date.now()) {
      const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return false;
      const [, issued, nonce, given] = match;
      const age = Math.floor(nowMs / 1000) - Number(issued);
      if (age < 0 || age > TOKEN_MAX_AGE_SECONDS) return false;
      // Compared as text: base64url leaves spare bits in the last character, so decoding first would let
      // several spellings of one MAC pass, each a different token (and so a different payment) for one form.
      const expected = Buffer.from(mac(linkId, issued, nonce).toString('base64url'));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

// ---- Rupees typed by a customer --------------------------------------------------------------------------------

/** "1,250.5" → 125050 paise; undefined for anything that is not a plain amount in rupees. */
export function parseRupees(text: string): number | undefined {
  const cleaned = text.replace(/[\s,₹]/g, '');
  const match = /^([0-9]{1,10})(?:\.([0-9]{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as the amount field shows it: 125050 → "1250.50". */
const rupeesField = (paise: number): string => (paise / 100).toFixed(2);

// ---- Rendering ------------------------------------------------------------------------------------------------

interface Layout {
  title: string;
  merchant?: string;
  sandbox?: boolean;
  refresh?: { seconds: number; url?: string };
}

interface Message extends Layout {
  headline: string;
  tone?: 'ok' | 'bad' | '';
  detail?: string;
  amountText?: string;
  paymentId?: string;
  action?: { href: string; label: string };
}

function render(ctx: ApiContext, status: number, template: 'link' | 'message', data: Layout & Record<string, unknown>): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = eta.render(`./${template}`, { tone: '', ...data });
}

function renderMessage(ctx: ApiContext, status: number, message: Message): void {
  render(ctx, status, 'message', { ...message });
}

const statusMessages: Record<Exclude<PaymentLinkStatus, 'created' | 'partially_paid'>, { headline: string; tone: 'ok' | 'bad' }> = {
  paid: { headline: 'This link has been paid', tone: 'ok' },
  expired: { headline: 'This link has expired', tone: 'bad' },
  cancelled: { headline: 'This link has been cancelled', tone: 'bad' },
};

// ---- Routes ---------------------------------------------------------------------------------------------------

export function payPageRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const tokens = formTokens(deps.secrets.derive('payment-link-form'));
  const limiter = (keyPrefix: string, points: number): RateLimiterAbstract =>
    sharedRateLimiter(deps.orm, { keyPrefix, points, duration: 60, transientKeys: true, onStoreError: (err) => deps.logger.warn({ err }, 'pay page rate limit store unavailable') });
  const perAddress = limiter('pay-page-ip', deps.config.PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE);
  const perLink = limiter('pay-page-link', deps.config.PAYMENT_LINK_ATTEMPTS_PER_MINUTE);

  /** Consumes a point; past the limit a 429 page with Retry-After. A store that does not answer lets the request through. */
  const consume = async (rl: RateLimiterAbstract, key: string, what: string): Promise<void> => {
    try {
      await rl.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return; // the store failed (logged): never lock customers out for it
      const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw new ApiError('rate_limited', `Too many ${what}. Please wait a minute and try again.`, undefined, { 'Retry-After': retryAfter });
    }
  };

  /** Security headers on every page, and every failure rendered as a page (never JSON, never a stack). */
  const pageFrame: ApiMiddleware = async (ctx, next) => {
    ctx.set({
      'Content-Security-Policy': CSP,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    try {
      await next();
    } catch (err) {
      const known = err instanceof ApiError;
      if (!known) deps.logger.error({ err, path: ctx.path }, 'pay page failed');
      const status = known ? err.status : 500;
      if (known) ctx.set(err.headers);
      const headline = status === 429 ? 'Too many requests' : status === 404 ? 'Payment link not found' : status >= 500 ? 'Something went wrong' : 'This request could not be handled';
      renderMessage(ctx, status, {
        title: headline,
        headline,
        tone: 'bad',
        detail: known && status < 500 ? err.message : 'Please try again in a moment. No money has moved unless you saw a success page.',
      });
    }
  };

  router.get('/pay/assets/pay.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = stylesheet;
  });

  router.use('/pay/:id', pageFrame, async (ctx, next) => {
    await consume(perAddress, ctx.ip, 'requests from your network');
    await next();
  }, bodyParsing({ defaultLimit: FORM_BODY_LIMIT }));

  const loadLink = async (ctx: ApiRouterContext): Promise<PaymentLink> => {
    const id = ctx.params.id;
    const link = isIdOf('paymentLink', id) ? await ctx.state.em.findOne(PaymentLinkEntity, { id }) : null;
    if (!link) throw new ApiError('not_found', 'There is no payment link at this address. Check the link you were sent.');
    return link;
  };

  const layoutOf = async (ctx: ApiRouterContext, link: PaymentLink, title: string): Promise<Layout> => {
    const account = await ctx.state.em.findOne(AccountEntity, { id: link.accountId }, { fields: ['name'] });
    return { title, merchant: account?.name ?? '', sandbox: link.mode === 'sandbox' };
  };

  /** The link page, or what it says when the link takes no more money. */
  const showLink = async (ctx: ApiRouterContext, link: PaymentLink, status = 200, form: { problem?: string; vpa?: string; amount?: string } = {}) => {
    const expired = isPayable(link.status) && link.expireBy.getTime() <= Date.now();
    const final = isPayable(link.status) ? (expired ? 'expired' : undefined) : link.status;
    if (final && final !== 'created' && final !== 'partially_paid') {
      const layout = await layoutOf(ctx, link, statusMessages[final].headline);
      renderMessage(ctx, status === 200 ? 200 : 409, {
        ...layout,
        ...statusMessages[final],
        detail: final === 'paid' ? `${formatRupees(Number(link.amountPaid))} was received. Nothing more is due.` : 'It takes no payment. Ask the business for a new link.',
      });
      return;
    }
    const amount = Number(link.amount);
    const paid = Number(link.amountPaid);
    const due = amount - paid;
    const range = payableRange({ status: link.status, amount, amountPaid: paid, acceptPartial: link.acceptPartial, firstMinPartialAmount: link.firstMinPartialAmount ?? null, paymentIds: [], paidAt: null, expiredAt: null, cancelledAt: null });
    const busy = (await ctx.state.em.count(PaymentEntity, { paymentLinkId: link.id, status: 'pending' })) > 0;
    const layout = await layoutOf(ctx, link, `Pay ${formatRupees(due)}`);
    const note = link.description ? link.description.slice(0, 80) : `Payment link ${link.id}`;
    const qrSvg = await QRCode.toString(upiIntent({ vpa: deps.config.PAYMENT_LINK_PAYEE_VPA, name: layout.merchant || 'paygate' }, link.id, due, note), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
    });
    render(ctx, status, 'link', {
      ...layout,
      ...(busy ? { refresh: { seconds: 3 } } : {}),
      linkId: link.id,
      dueText: formatRupees(due),
      totalText: formatRupees(amount),
      paidText: paid > 0 ? formatRupees(paid) : '',
      minText: formatRupees(range.min),
      description: link.description ?? '',
      partial: link.acceptPartial,
      amountValue: form.amount ?? rupeesField(due),
      vpa: form.vpa ?? '',
      problem: form.problem ?? '',
      busy,
      qrSvg,
      token: tokens.issue(link.id),
      expiresText: `${kolkataTime.format(link.expireBy)} IST`,
    });
  };

  router.get('/pay/:id', async (ctx) => {
    await showLink(ctx, await loadLink(ctx));
  });

  router.post('/pay/:id', async (ctx) => {
    const link = await loadLink(ctx);
    await consume(perLink, link.id, 'payment attempts on this link');
    const body = ctx.state.body;
    const field = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const vpa = field('vpa').trim();
    const amountText = field('amount').trim();
    if (!tokens.check(link.id, field('token'))) {
      const layout = await layoutOf(ctx, link, 'Please reload');
      renderMessage(ctx, 400, { ...layout, headline: 'This page is out of date', tone: 'bad', detail: 'Nothing was charged. Open the link again to pay.', action: { href: `/pay/${link.id}`, label: 'Open the link again' } });
      return;
    }
    if (!VPA_PATTERN.test(vpa)) {
      await showLink(ctx, link, 400, { problem: 'Enter a UPI ID such as yourname@bank.', vpa, amount: amountText });
      return;
    }
    const due = Number(link.amount) - Number(link.amountPaid);
    const amount = link.acceptPartial ? parseRupees(amountText) : due;
    if (amount === undefined || amount <= 0) {
      await showLink(ctx, link, 400, { problem: 'Enter the amount in rupees, such as 500 or 500.50.', vpa, amount: amountText });
      return;
    }
    const outcome = await deps.temporal.payPaymentLink(link.id, { token: field('token'), amount, vpa });
    if (outcome.kind === 'attempted') {
      ctx.status = 303;
      ctx.redirect(`/pay/${link.id}/payments/${outcome.paymentId}`);
      return;
    }
    const fresh = (await ctx.state.em.fork().findOne(PaymentLinkEntity, { id: link.id })) ?? link;
    if (outcome.reason === 'amount') {
      await showLink(ctx, fresh, 400, { problem: outcome.message, vpa, amount: amountText });
      return;
    }
    const layout = await layoutOf(ctx, fresh, 'Payment not started');
    renderMessage(ctx, 409, {
      ...layout,
      headline: outcome.reason === 'busy' ? 'A payment is already in progress' : 'This link takes no payment',
      tone: 'bad',
      detail: `${outcome.message} Nothing was charged for this attempt.`,
      action: { href: `/pay/${link.id}`, label: 'Back to the link' },
    });
  });

  router.get('/pay/:id/payments/:paymentId', async (ctx) => {
    const link = await loadLink(ctx);
    const paymentId = ctx.params.paymentId;
    const payment = isIdOf('payment', paymentId) ? await ctx.state.em.findOne(PaymentEntity, { id: paymentId, paymentLinkId: link.id }) : null;
    if (!payment) throw new ApiError('not_found', 'There is no such payment on this link.');
    const paidText = formatRupees(Number(payment.amount));
    switch (payment.status) {
      case 'pending': {
        const layout = await layoutOf(ctx, link, 'Payment in progress');
        renderMessage(ctx, 200, {
          ...layout,
          refresh: { seconds: 2 },
          headline: 'Payment in progress',
          detail: 'Approve the request in your UPI app. This page updates by itself.',
          amountText: paidText,
          paymentId: payment.id,
        });
        return;
      }
      case 'captured': {
        const layout = await layoutOf(ctx, link, 'Payment successful');
        const target = link.callbackUrl ? callbackTarget(link.callbackUrl, { linkId: link.id, paymentId: payment.id, status: 'paid' }) : undefined;
        const due = Number(link.amount) - Number(link.amountPaid);
        renderMessage(ctx, 200, {
          ...layout,
          ...(target ? { refresh: { seconds: 2, url: target } } : {}),
          headline: 'Payment successful',
          tone: 'ok',
          detail: target ? 'Taking you back to the business…' : due > 0 && isPayable(link.status) ? `${formatRupees(due)} is still due on this link.` : 'Thank you. You can close this page.',
          amountText: `Paid ${paidText}`,
          paymentId: payment.id,
          ...(target
            ? { action: { href: target, label: 'Continue' } }
            : due > 0 && isPayable(link.status)
              ? { action: { href: `/pay/${link.id}`, label: 'Pay the rest' } }
              : {}),
        });
        return;
      }
      case 'failed': {
        const layout = await layoutOf(ctx, link, 'Payment declined');
        const again = isPayable(link.status) && link.expireBy.getTime() > Date.now();
        renderMessage(ctx, 200, {
          ...layout,
          headline: 'Payment declined',
          tone: 'bad',
          detail: `${payment.failureMessage ?? 'The payment was declined.'} No money was taken.`,
          amountText: paidText,
          paymentId: payment.id,
          ...(again ? { action: { href: `/pay/${link.id}`, label: 'Try again' } } : {}),
        });
        return;
      }
      default:
        payment.status satisfies never;
    }
  });
}
