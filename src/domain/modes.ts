export const modes = ['sandbox', 'live'] as const;
export type Mode = (typeof modes)[number];

export function isMode(value: string): value is Mode {
  return (modes as readonly string[]).includes(value);
}
