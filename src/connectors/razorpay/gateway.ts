// The payment gateway's reads and QR codes that are not a rail's (src/rails/provider.ts, ProviderGateway): the
// settlements the provider reports (with the payments each settled, its recon lines) and the single-use UPI QR
// codes of live payment links. Every call goes at the connection's shared pace; a 429 waits and sends again.
import type { ConnectedRailSettings, ProviderGateway } from '../../rails/provider.ts';
import { createRazorpayHttp } from './http.ts';
import { createPaymentsApi } from './payments-api.ts';
import { paced } from './payout-rail.ts';
import { paymentReportOf, qrCodeOf } from './translate-payments.ts';

export function createRazorpayGateway(s: Pick<ConnectedRailSettings, 'baseUrl' | 'keyId' | 'keySecret' | 'pace'>): ProviderGateway {
  const api = createPaymentsApi(createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret }));
  const call = <T>(f: () => Promise<T>) => paced(s.pace, f);
  return {
    settlementsSince: (cursor, options) => call(() => api.settlementsSince(cursor, options)),
    settlementLines: (settlement) => call(() => api.settlementLines(settlement)),
    async createLinkQr(input) {
      const qr = await call(() =>
        api.createQr({
          reference: input.linkId,
          amount: input.amount,
          expireBy: input.expireBy,
          now: input.now,
          name: input.name?.slice(0, 40) || null,
          description: input.description?.slice(0, 80) || null,
          notes: { payment_link_id: input.linkId },
        }),
      );
      return qr ? qrCodeOf(qr, input.now) : null;
    },
    async closeQr(providerReference) {
      const qr = await call(() => api.fetchQr(providerReference));
      if (qr.status === 'active') await call(() => api.closeQr(providerReference));
    },
    fetchPayment: async (providerReference) => paymentReportOf(await call(() => api.fetchPayment(providerReference))),
  };
}
