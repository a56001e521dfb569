// The client's types from an OpenAPI document, by openapi-typescript: used by the service's
// `npm run generate:client` and by the test that checks the committed src/generated/openapi.ts against the
// running service's document. Not part of the client (it is not in the package's `files`).
import openapiTS, { astToString } from 'openapi-typescript';

export const GENERATED_HEADER =
  '// GENERATED FILE, do not edit: `npm run generate:client` writes it with openapi-typescript from the service\'s\n' +
  '// OpenAPI document (GET /v1/openapi.json). The client\'s written code is outside this folder.\n';

export async function clientTypesFrom(document: object): Promise<string> {
  // A default is what the service fills in for a field left out, so the field stays optional in a request body
  // (defaultNonNullable would make a payment variant's `currency` required; responses list what they require).
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { exportType: true, defaultNonNullable: false });
  return GENERATED_HEADER + '/* eslint-disable */\n' + astToString(ast);
}
