// Which language the UI speaks: a choice in Settings wins; else the system's language (the
// browser's, which in the desktop window is the OS's) when it is Spanish or English; else the
// site's (`en`, or any of the seven Spanish variants → Spanish); else English. Pure: unit-tested in
// test/renderer/.

import { TRANSLATION_LANGUAGES } from '../../../contract/constants.ts';

export type UiLanguage = 'en' | 'es';
export type LanguageSetting = 'system' | UiLanguage;

/** The UI language of a BCP 47 tag or a site language code, if it is one of ours. */
function ours(tag: string | undefined): UiLanguage | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if ((TRANSLATION_LANGUAGES as readonly string[]).includes(primary ?? '')) return 'es';
  return undefined;
}

export function chooseLanguage(input: {
  setting: LanguageSetting;
  /** navigator.language: the system's preferred language. */
  system: string | undefined;
  /** The site's language code (`en`, `es`, `mx`…), once the session is known. */
  site: string | undefined;
}): UiLanguage {
  if (input.setting !== 'system') return input.setting;
  return ours(input.system) ?? ours(input.site) ?? 'en';
}

/**
 * The locale for Intl dates and numbers: the system's own when it speaks the UI's language (es-MX
 * keeps its date order), else the language itself.
 */
export function formattingLocale(language: UiLanguage, system: string | undefined): string {
  return system && ours(system) === language ? system : language;
}
