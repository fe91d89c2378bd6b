// How the UI says a cost (issue 29: a bare "15" on a Berlin site showed as "$15"): the site's
// currency where the event has no symbol of its own, the event's where it has, amounts in the UI's
// number format, free as a word.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { costText, withSymbol } from '../../renderer/src/features/events/cost-text.ts';

const EURO = { symbol: '€', position: 'postfix' } as const;
const DOLLAR = { symbol: '$', position: 'prefix' } as const;
const bare = (...values: string[]) => ({ currency_symbol: '', currency_position: '', values });
const say = (text: string) => text.replace(/\u00a0/g, ' ');

describe('cost text', () => {
  it('a bare amount takes the site’s currency: "15 €" in Berlin, "$15" in New York', () => {
    assert.equal(say(costText(bare('15'), EURO, 'es-ES', 'Gratis')), '15 €');
    assert.equal(say(costText(bare('15'), DOLLAR, 'en-US', 'Free')), '$15');
    assert.equal(say(costText(bare('12', '22'), EURO, 'de-DE', 'Free')), '12–22 €');
  });

  it('the event’s own symbol wins; decimals in the UI’s format', () => {
    const dollars = { currency_symbol: '$', currency_position: 'prefix', values: ['20'] };
    assert.equal(say(costText(dollars, EURO, 'es-ES', 'Gratis')), '$20');
    assert.equal(say(costText(bare('15.50'), EURO, 'es-ES', 'Gratis')), '15,50 €');
  });

  it('free, free and paid, nothing, and what it cannot read', () => {
    assert.equal(costText(bare('0'), EURO, 'es-ES', 'Gratis'), 'Gratis');
    assert.equal(say(costText(bare('0', '10'), EURO, 'en-GB', 'Free')), 'Free – 10 €');
    assert.equal(costText(bare(), EURO, 'en', 'Free'), '');
    assert.equal(costText(bare('ten'), EURO, 'en', 'Free', 'ten dollars'), 'ten dollars');
  });

  it('a symbol of letters is set apart before the amount; "$" is not', () => {
    assert.equal(say(withSymbol('15', { symbol: 'CHF', position: 'prefix' })), 'CHF 15');
    assert.equal(withSymbol('15', DOLLAR), '$15');
    assert.equal(say(withSymbol('15', { symbol: 'kr', position: 'postfix' })), '15 kr');
  });

  it('builds a number format once per locale and decimals, not per cost (a page of rows built two a row)', (t) => {
    const Built = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(Built, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        built++;
        return new target(...args);
      },
    });
    t.after(() => {
      Intl.NumberFormat = Built;
    });
    // A locale no other test here uses: none of its formats is kept yet.
    const texts = Array.from({ length: 25 }, (_, index) =>
      say(costText(bare(String(index + 1)), EURO, 'fr-CA', 'Free')),
    );
    costText(bare('9.50'), EURO, 'fr-CA', 'Free');
    costText(bare('7.25'), EURO, 'fr-CA', 'Free');
    assert.equal(texts[14], '15 €');
    assert.equal(built, 2, 'one format for whole amounts and one for amounts with cents');
  });
});
