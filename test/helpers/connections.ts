// A provider connection for a test account, written as `payctl connections add` will write it: live writes that move
// money need one (API.md, Live mode). No provider stands behind it yet; the base URL names nothing that answers.
import { createSecretBox } from '../../src/db/sealed.ts';
import { insertConnection } from '../../src/db/connections.ts';
import { TEST_SECRETS_KEY, type TestService } from './service.ts';

export async function connectAccount(service: TestService, accountId: string): Promise<string> {
  const em = service.stack.orm.em.fork();
  return insertConnection(em, createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'test',
    keyId: 'rzp_test_key',
    keySecret: 'test-key-secret',
    webhookSecret: 'test-webhook-secret',
    payoutAccountNumber: '7878780080316316',
    baseUrl: 'http://127.0.0.1:9',
  });
}
