// Category colours. Terms have no colour field in the API, so each category gets a stable colour
// from a palette of ten (by id: the same category always has the same colour, on every screen).
// Each colour keeps a 4.5:1 contrast with white text, in light and dark themes.

const PALETTE = [
  '#2563eb',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#b45309',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#4338ca',
  '#9a3412',
] as const;

const NO_CATEGORY_COLOR = '#475569';

export function categoryColor(categoryId: number | undefined): string {
  if (categoryId === undefined) return NO_CATEGORY_COLOR;
  return PALETTE[categoryId % PALETTE.length]!;
}
