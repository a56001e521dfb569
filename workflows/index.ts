// Every workflow the worker runs. Deterministic code only.
export { topUpWorkflow, createTopUpUpdate } from './top-up.ts';
