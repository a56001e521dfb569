// Rendering of the hosted pay pages: Eta templates (every interpolation escaped unless marked raw; the only
// raw insert is the QR code's SVG, which the qrcode library draws), the stylesheet, the security headers of
// every page, and every failure rendered as a page (never JSON, never a stack).
import QRCode from 'qrcode';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { ApiError } from '../../domain/errors.ts';
import type { PaymentLinkStatus } from '../../domain/payment-links.ts';
import type { Logger } from '../../logger.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const eta = new Eta({ views: fileURLToPath(new URL('./templates', import.meta.url)), cache: true, autoEscape: true });
export const stylesheet = readFileSync(new URL('./pay.css', import.meta.url), 'utf8');

export const kolkataTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

export interface Layout {
  title: string;
  merchant?: string;
  sandbox?: boolean;
  refresh?: { seconds: number; url?: string };
}

export interface Message extends Layout {
  headline: string;
  tone?: 'ok' | 'bad' | '';
  detail?: string;
  amountText?: string;
  paymentId?: string;
  action?: { href: string; label: string };
}

export function render(ctx: ApiContext, status: number, template: 'link' | 'message' | 'mandate', data: Layout & Record<string, unknown>): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = eta.render(`./${template}`, { tone: '', ...data });
}

export function renderMessage(ctx: ApiContext, status: number, message: Message): void {
  render(ctx, status, 'message', { ...message });
}

export const statusMessages: Record<Exclude<PaymentLinkStatus, 'created' | 'partially_paid'>, { headline: string; tone: 'ok' | 'bad' }> = {
  paid: { headline: 'This link has been paid', tone: 'ok' },
  expired: { headline: 'This link has expired', tone: 'bad' },
  cancelled: { headline: 'This link has been cancelled', tone: 'bad' },
};

/** Security headers on every page, and every failure rendered as a page. */
export function pageFrame(logger: Logger, notFound = 'Payment link not found'): ApiMiddleware {
  return async (ctx, next) => {
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
      if (!known) logger.error({ err, path: ctx.path }, 'pay page failed');
      const status = known ? err.status : 500;
      if (known) ctx.set(err.headers);
      const headline = status === 429 ? 'Too many requests' : status === 404 ? notFound : status >= 500 ? 'Something went wrong' : 'This request could not be handled';
      renderMessage(ctx, status, {
        title: headline,
        headline,
        tone: 'bad',
        detail: known && status < 500 ? err.message : 'Please try again in a moment. No money has moved unless you saw a success page.',
      });
    }
  };
}

/** A QR code of `content` as an inline SVG (the one raw insert the templates make). */
export const drawQr = (content: string): Promise<string> => QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
