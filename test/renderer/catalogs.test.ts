// The UI's message catalogs (renderer/src/i18n/): every key the code uses exists in English and in
// Spanish, both catalogs have the same keys and the same ICU arguments (a missing {count} would show
// raw or drop a number), every message parses, and the language choice follows its rules.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from '../../renderer/src/i18n/messages/en.ts';
import { es } from '../../renderer/src/i18n/messages/es.ts';
import { chooseLanguage, formattingLocale, siteLanguageFor } from '../../renderer/src/i18n/language.ts';

const CATALOGS = { en, es } as Record<string, Record<string, string>>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !path.includes('i18n/messages') ? [path] : [];
  });
}

/** The argument names a message uses, with their kinds ("count:plural", "name:argument"). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      into.add(`${element.value}:${element.type}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:${element.type}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('message catalogs', () => {
  const code = sources('renderer/src').map((file) => readFileSync(file, 'utf8'));

  it('have every key the code names, in every catalog', () => {
    const used = new Set<string>();
    const prefixes = new Set<string>();
    for (const text of code) {
      // t('nav.calendar'), label: 'shortcuts.today', t(`status.${x}`)…: quoted ids of the catalog's shape.
      for (const match of text.matchAll(/['"]([a-z][A-Za-z]*(?:\.[A-Za-z0-9]+)+)['"]/g)) used.add(match[1]!);
      for (const match of text.matchAll(/`([a-z][A-Za-z]*\.(?:[A-Za-z0-9]+\.)*)\$\{/g)) prefixes.add(match[1]!);
    }
    const known = new Set(Object.keys(en));
    // Only strings that look like message ids and share a catalog group are checked (file names
    // such as 'index.tsx' have no group in the catalog).
    const groups = new Set([...known].map((key) => key.split('.')[0]));
    const missing = [...used].filter(
      (id) => groups.has(id.split('.')[0]) && !/\.(ts|tsx|css|js|svg|png)$/.test(id) && !known.has(id),
    );
    assert.deepEqual(missing, [], 'ids used in the code but missing from the catalogs');
    for (const prefix of prefixes) {
      if (!groups.has(prefix.split('.')[0])) continue;
      assert.ok(
        [...known].some((key) => key.startsWith(prefix)),
        `no message starts with ${prefix}`,
      );
    }
  });

  it('have the same keys, none empty', () => {
    assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
    for (const [language, catalog] of Object.entries(CATALOGS))
      for (const [key, value] of Object.entries(catalog)) assert.ok(value.trim() !== '', `${language} ${key} is empty`);
  });

  it('parse, and use the same arguments in both languages', () => {
    for (const key of Object.keys(en)) {
      const english = argumentsOf(parse(en[key as keyof typeof en]));
      const spanish = argumentsOf(parse(CATALOGS.es![key]!));
      assert.deepEqual([...spanish].sort(), [...english].sort(), key);
    }
  });

  it('hold no Markdown: the UI shows text as it is, so `code` would show its backticks', () => {
    for (const [language, catalog] of Object.entries(CATALOGS))
      for (const [key, value] of Object.entries(catalog)) assert.ok(!value.includes('`'), `${language} ${key}`);
  });

  it('Spanish is not English left untranslated (beyond names and codes)', () => {
    const same = Object.keys(en).filter((key) => en[key as keyof typeof en] === CATALOGS.es![key]);
    const allowed = new Set([
      'app.name',
      'session.token',
      'common.no',
      'quickAdd.when',
      'terms.slug',
      'settings.languageEn',
      'settings.languageEs',
      'tokens.secret',
      // Units written the same way in both languages.
      'editor.lengthMinutes',
      'editor.lengthHours',
      'editor.lengthHoursMinutes',
    ]);
    assert.deepEqual(
      same.filter((key) => !allowed.has(key)),
      [],
    );
  });
});

describe('Spanish agrees and tells labels apart (issue 36 walk)', () => {
  const say = (id: keyof typeof es, values: Record<string, string | number>) =>
    String(new IntlMessageFormat(es[id], 'es').format(values));
  it('new categories and tags are "nuevas", new venues "nuevos"', () => {
    assert.match(say('files.relatedGroup', { kind: 'categories', created: 0, existing: 2 }), /^Categorías: 0 nuevas,/);
    assert.match(say('files.relatedGroup', { kind: 'tags', created: 1, existing: 0 }), /^Etiquetas: 1 nueva,/);
    assert.match(say('files.relatedGroup', { kind: 'venues', created: 3, existing: 0 }), /^Lugares: 3 nuevos,/);
  });
  it("a venue's state and an event's status do not share a name", () => {
    assert.notEqual(es['venues.state'], es['editor.status']);
  });
});

describe('the Spanish catalog speaks to the user in one register, "tú"', () => {
  it('has no "usted" forms (imperatives and possessives of the formal register)', () => {
    const formal =
      /\b(usted(es)?|añada|cierre|detenga|ejecute|vuelva|elija|pulse|haga|escriba|introduzca|seleccione|compruebe|quítela|quítelo|pruébelo|lo prueba|su propio|sus propios)\b/i;
    const found = Object.entries(CATALOGS.es!)
      .filter(([, text]) => formal.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    assert.deepEqual(found, []);
  });
});

describe('the UI language', () => {
  it('a setting wins; else the system when Spanish or English; else the site; else English', () => {
    assert.equal(chooseLanguage({ setting: 'en', system: 'es-MX', site: 'mx' }), 'en');
    assert.equal(chooseLanguage({ setting: 'es', system: 'en-US', site: 'en' }), 'es');
    assert.equal(chooseLanguage({ setting: 'system', system: 'es-AR', site: 'en' }), 'es');
    assert.equal(chooseLanguage({ setting: 'system', system: 'en-GB', site: 'mx' }), 'en');
    for (const variant of ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es'])
      assert.equal(chooseLanguage({ setting: 'system', system: 'fr-FR', site: variant }), 'es', variant);
    assert.equal(chooseLanguage({ setting: 'system', system: 'de', site: 'en' }), 'en');
    assert.equal(chooseLanguage({ setting: 'system', system: 'de', site: undefined }), 'en');
  });

  it('formats dates in the system’s own variant when it speaks the UI’s language', () => {
    assert.equal(formattingLocale('es', 'es-MX'), 'es-MX');
    assert.equal(formattingLocale('es', 'fr-FR'), 'es');
    assert.equal(formattingLocale('en', 'es-MX'), 'en');
  });

  it('a new site speaks the UI’s language, in the variant of its region (a Spanish UI offered English)', () => {
    assert.equal(siteLanguageFor('en', 'en-US'), 'en');
    assert.equal(siteLanguageFor('en', 'es-MX'), 'en');
    assert.equal(siteLanguageFor('es', 'es-ES'), 'es');
    assert.equal(siteLanguageFor('es', 'es'), 'es');
    assert.equal(siteLanguageFor('es', 'es-MX'), 'mx');
    assert.equal(siteLanguageFor('es', 'es-AR'), 'arg');
    assert.equal(siteLanguageFor('es', 'es-419'), 'es');
    assert.equal(siteLanguageFor('es', 'es-US'), 'es');
  });
});
