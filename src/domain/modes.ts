export const modes = ['sandbox', 'live'] as const;
export type Mode = (typeof modes)[number];
