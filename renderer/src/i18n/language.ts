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

const SPANISH_VARIANT_OF_REGION: Record<string, string> = {
  AR: 'arg',
  BO: 'bo',
  CL: 'cl',
  CO: 'co',
  MX: 'mx',
  PE: 'pe',
};

/**
 * The site language a new site starts with: the UI's — Spanish in the variant of the formatting
 * locale's region where there is one (es-MX → `mx`), else Spain's `es`. A Spanish UI that
 * offered English made a new site's language English unless the user noticed (issue 36's walk).
 */
export function siteLanguageFor(language: UiLanguage, locale: string): string {
  if (language === 'en') return 'en';
  const region = /^es[-_]([a-z]{2})\b/i.exec(locale)?.[1]?.toUpperCase();
  return (region && SPANISH_VARIANT_OF_REGION[region]) ?? 'es';
}
