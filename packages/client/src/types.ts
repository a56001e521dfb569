// Request and response types of each operation, read off the generated OpenAPI types (./generated/openapi.ts) by
// operation id, so the client's types change when the document does and are never written by hand.
import type { components, operations } from './generated/openapi.ts';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

/** The JSON body an operation takes. */
export type BodyOf<K extends OperationId> =
  NonNullable<Op<K>['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

/** The query parameters an operation takes. */
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** What an operation answers with 200. */
export type ResultOf<K extends OperationId> =
  Op<K>['responses'] extends { 200: { content: { 'application/json': infer R } } } ? R : never;

/** The element type of a list operation's `data`. */
export type ItemOf<K extends OperationId> = ResultOf<K> extends { data: (infer T)[] } ? T : never;

/** A page of a list, as the API answers it. */
export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export type Schemas = components['schemas'];
export type Payout = Schemas['Payout'];
export type PayoutBatch = Schemas['PayoutBatch'];
export type Beneficiary = Schemas['Beneficiary'];
export type Payment = Schemas['Payment'];
export type Refund = Schemas['Refund'];
export type PaymentLink = Schemas['PaymentLink'];
export type Customer = Schemas['Customer'];
export type Collection = Schemas['Collection'];
export type Report = Schemas['Report'];
export type Event = Schemas['Event'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type Balance = Schemas['Balance'];
export type BalanceTransaction = Schemas['BalanceTransaction'];
