// A provider connection for a test account, written as `payctl connections add` will write it: live writes that move
// money need one (docs/api.md, Live mode). No provider stands behind it: the base URL names nothing that answers, so a
// test that moves live money through a rail starts the provider stand-in (test/standins/razorpay) instead.
import { createSecretBox } from '../../src/db/sealed.ts';
import { insertConnection } from '../../src/db/connections.ts';
import { TEST_SECRETS_KEY, type TestService } from './service.ts';
import { createHttp } from './http.ts';
import { startRazorpayStandin, type RazorpayStandin, type RazorpayStandinOptions } from '../standins/razorpay/index.ts';

export async function connectAccount(service: TestService, accountId: string): Promise<string> {
  const em = service.stack.orm.em.fork();
  return insertConnection(em, createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: 'rzp_test_key',
    keySecret: 'test-key-secret',
    webhookSecret: 'test-webhook-secret',
    payoutAccountNumber: '7878780080316316',
    baseUrl: 'http://127.0.0.1:9',
  });
}

/** A live account connected to a provider stand-in of its own, with the webhook URL set, and its live key. */
export interface ConnectedAccount {
  accountId: string;
  liveKey: string;
  connectionId: string;
  rzp: RazorpayStandin;
}

export const STANDIN_KEY_ID = 'rzp_live_standinkey';
export const STANDIN_KEY_SECRET = 'standin-key-secret';
export const STANDIN_WEBHOOK_SECRET = 'standin-webhook-secret';
export const STANDIN_ACCOUNT_NUMBER = '7878780080316316';

/**
 * A new live account connected (as `payctl connections add` writes it) to a new stand-in of the provider, whose
 * webhooks reach the connection's URL. The caller stops `rzp` when done.
 */
export async function connectedAccount(service: TestService, options: Partial<RazorpayStandinOptions> = {}): Promise<ConnectedAccount> {
  const rzp = await startRazorpayStandin({ keyId: STANDIN_KEY_ID, keySecret: STANDIN_KEY_SECRET, accountNumber: STANDIN_ACCOUNT_NUMBER, ...options });
  const { accountId, liveKey } = await service.newAccount({ live: true });
  if (!liveKey) throw new Error('the test service made no live key');
  const connectionId = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: STANDIN_KEY_ID,
    keySecret: STANDIN_KEY_SECRET,
    webhookSecret: STANDIN_WEBHOOK_SECRET,
    payoutAccountNumber: STANDIN_ACCOUNT_NUMBER,
    baseUrl: rzp.baseUrl,
  });
  rzp.control.setWebhook({ url: `${service.url}/connectors/razorpay/${connectionId}/webhooks`, secret: STANDIN_WEBHOOK_SECRET });
  return { accountId, liveKey, connectionId, rzp };
}

/** A connected account (see connectedAccount) with one UPI beneficiary, whose stand-in holds `amount`. */
export interface FundedAccount extends ConnectedAccount {
  beneficiaryId: string;
}

/**
 * A connected account funded at its stand-in with `amount` paise, which the deposit's webhook (transaction.created)
 * brought into live `available` as a top-up, and with one UPI beneficiary to pay. The caller stops `rzp` when done.
 */
export async function fundedAccount(service: TestService, amount: number, options: Partial<RazorpayStandinOptions> = {}): Promise<FundedAccount> {
  const a = await connectedAccount(service, options);
  const http = createHttp(service.url);
  const headers = { 'x-forwarded-proto': 'https' };
  a.rzp.control.deposit(amount);
  let available = 0;
  for (const until = Date.now() + 60_000; available !== amount && Date.now() < until; ) {
    available = Number((await http.get('/v1/balance', { key: a.liveKey, headers })).body.available);
    if (available !== amount) await new Promise((r) => setTimeout(r, 100));
  }
  if (available !== amount) throw new Error(`the stand-in's deposit of ${amount} never reached live available (last ${available})`);
  const bene = await http.post('/v1/beneficiaries', { key: a.liveKey, headers, json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis` } });
  if (bene.status !== 200) throw new Error(`beneficiary not created: ${bene.status} ${bene.text}`);
  return { ...a, beneficiaryId: bene.body.id };
}
