// Where RazorpayX's rules are narrower than ours (API.md, Live payouts): the rules are the provider's pages':
// contacts (api/x/contacts/create), fund accounts (api/x/fund-accounts/create/bank-account.md, vpa.md) and payouts
// (api/x/payouts/create/*.md). They live in src/domain/live-limits.ts, named neutrally, where the API reaches them
// at creation (src/api may not import a connector).
export * from '../../domain/live-limits.ts';
