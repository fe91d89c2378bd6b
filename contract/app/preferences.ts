// Schemas of almanac/v1/preferences: a small flat object the UI defines (its keys and values are
// the UI's own; the service keeps them per user, whatever the window's origin).
import { Type, type Static } from '@sinclair/typebox';

export const Preferences = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 100 }), Type.Number(), Type.Boolean(), Type.Null()]),
  {
    maxProperties: 32,
    description: 'The UI’s preferences (theme, first day of the week, language…): at most 32 plain values.',
  },
);
export type Preferences = Static<typeof Preferences>;

export const PreferencesBody = Type.Object({ preferences: Preferences });
export type PreferencesBody = Static<typeof PreferencesBody>;
