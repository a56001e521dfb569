// The link page itself (GET /pay/:id, and the form shown again with a problem): the business, the amount due,
// the description, and, for a sandbox link, a UPI QR code and the pay form.
//
// A live link's page never shows a payee from this service's configuration (a customer paying it would pay a
// stranger, not the business): it draws the provider's own single-use QR code from its `upi://` content, made for
// the amount due, with a "Pay with a UPI app" button holding the same intent (for phones). With fewer than 15
// minutes left no code is made (docs/decisions.md, QR codes) and the page offers the UPI-intent button only.
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { isPayable, payableRange, upiIntent } from '../../domain/payment-links.ts';
import { AccountEntity, PaymentEntity, PaymentLinkEntity, type PaymentLink } from '../../db/entities.ts';
import type { AppDeps, ApiRouterContext } from '../context.ts';
import type { FormTokens } from './pay-form.ts';
import { rupeesField } from './pay-form.ts';
import { type Layout, drawQr, kolkataTime, render, renderMessage, statusMessages } from './pay-render.ts';
import { linkAttemptHoldMs } from '../../config.ts';

/** With less than this left, no QR code is made for a live link (the provider's 15-minute minimum). */
const LIVE_QR_MIN_LEFT_MS = 16 * 60 * 1000;
/** With less than this left, a live link's page offers the UPI-intent button only. */
const QR_DRAWN_MIN_LEFT_MS = 15 * 60 * 1000;

export interface FormState {
  problem?: string;
  vpa?: string;
  amount?: string;
}

export interface LinkPages {
  loadLink(ctx: ApiRouterContext): Promise<PaymentLink>;
  layoutOf(ctx: ApiRouterContext, link: PaymentLink, title: string): Promise<Layout>;
  /** The link page, or what it says when the link takes no more money. */
  showLink(ctx: ApiRouterContext, link: PaymentLink, status?: number, form?: FormState): Promise<void>;
}

/**
 * True where this page's UPI-ID form may take a payment: sandbox links only. A live link is paid through the
 * provider's QR code or its intent: a UPI ID typed here would need a collect request, which NPCI ended for merchant
 * payments on 28 February 2026.
 */
export function payableHere(link: PaymentLink): boolean {
  return link.mode === 'sandbox';
}

export function linkPages(deps: Pick<AppDeps, 'config'>, tokens: FormTokens): LinkPages {
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

  /** The QR code of a sandbox link: the configured sandbox payee (never shown on a live link). */
  const sandboxQr = (link: PaymentLink, merchant: string, due: number): Promise<string> => {
    const note = link.description ? link.description.slice(0, 80) : `Payment link ${link.id}`;
    return drawQr(upiIntent({ vpa: deps.config.PAYMENT_LINK_PAYEE_VPA, name: merchant || 'paygate' }, link.id, due, note));
  };

  /** A live link's intent: the provider's QR code's content while it is open for the amount due, else none. */
  const liveIntent = (link: PaymentLink, due: number): string | null =>
    link.qrContent && link.qrCloseBy && link.qrCloseBy.getTime() > Date.now() && Number(link.qrAmount) === due ? link.qrContent : null;

  const showLink = async (ctx: ApiRouterContext, link: PaymentLink, status = 200, form: FormState = {}) => {
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
    // A pending attempt holds the link only for PAYMENT_LINK_ATTEMPT_HOLD_SECONDS (the link's workflow lets the next one
    // start after it); an older pending payment no longer keeps the form away.
    const heldSince = new Date(Date.now() - linkAttemptHoldMs(deps.config, link.mode));
    const busy = (await ctx.state.em.count(PaymentEntity, { paymentLinkId: link.id, status: 'pending', createdAt: { $gt: heldSince } })) > 0;
    const layout = await layoutOf(ctx, link, `Pay ${formatRupees(due)}`);
    const here = payableHere(link);
    const intent = link.mode === 'live' && !busy ? liveIntent(link, due) : null;
    const live = link.mode === 'live';
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
      live,
      // A live link is paid at the provider: its QR code or intent, or (fewer than 15 minutes left) the intent button only.
      notPayableHere: !here && !live,
      intentUrl: intent ?? '',
      preparing: live && !busy && !intent && link.expireBy.getTime() - Date.now() > LIVE_QR_MIN_LEFT_MS,
      // With fewer than 15 minutes left the code is not drawn: the intent button only.
      qrSvg: busy ? '' : !live ? await sandboxQr(link, layout.merchant ?? '', due) : intent && link.expireBy.getTime() - Date.now() >= QR_DRAWN_MIN_LEFT_MS ? await drawQr(intent) : '',
      token: here ? tokens.issue(link.id) : '',
      expiresText: `${kolkataTime.format(link.expireBy)} IST`,
    });
  };

  return { loadLink, layoutOf, showLink };
}
