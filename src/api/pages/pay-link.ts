// The link page itself (GET /pay/:id, and the form shown again with a problem): the business, the amount due,
// the description, and, for a sandbox link, a UPI QR code and the pay form.
//
// A live link's page shows no QR code, no UPI intent and no form: the only payee this service could put in
// them today is one from its configuration, and a customer paying it would pay a stranger, not the business.
// Live links become payable here when the provider's own QR code arrives with the account's connection.
import QRCode from 'qrcode';
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { isPayable, payableRange, upiIntent } from '../../domain/payment-links.ts';
import { AccountEntity, PaymentEntity, PaymentLinkEntity, type PaymentLink } from '../../db/entities.ts';
import type { AppDeps, ApiRouterContext } from '../context.ts';
import type { FormTokens } from './pay-form.ts';
import { rupeesField } from './pay-form.ts';
import { type Layout, kolkataTime, render, renderMessage, statusMessages } from './pay-render.ts';

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

/** True where this page may take a payment: sandbox links (a live link waits for its provider's QR code). */
export const payableHere = (link: PaymentLink): boolean => link.mode === 'sandbox';

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
    return QRCode.toString(upiIntent({ vpa: deps.config.PAYMENT_LINK_PAYEE_VPA, name: merchant || 'paygate' }, link.id, due, note), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
    });
  };

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
    const busy = (await ctx.state.em.count(PaymentEntity, { paymentLinkId: link.id, status: 'pending' })) > 0;
    const layout = await layoutOf(ctx, link, `Pay ${formatRupees(due)}`);
    const here = payableHere(link);
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
      notPayableHere: !here,
      qrSvg: here && !busy ? await sandboxQr(link, layout.merchant ?? '', due) : '',
      token: here ? tokens.issue(link.id) : '',
      expiresText: `${kolkataTime.format(link.expireBy)} IST`,
    });
  };

  return { loadLink, layoutOf, showLink };
}
