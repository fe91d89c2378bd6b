import { test } from 'node:test';
import assert from 'node:assert/strict';

import type { StoredCost } from '../../server/domain/cost.ts';
import { costDetails, costValues, formatCost, parseCostInput } from '../../server/domain/cost.ts';

const DOLLAR = { symbol: '$', position: 'prefix' } as const;

function parsed(input: unknown): StoredCost {
  const stored = parseCostInput(input);
  assert.ok(stored, `expected ${JSON.stringify(input)} to be accepted`);
  return stored;
}

test('reference: "25" with the site default $ prefix', () => {
  const stored = parsed('25');
  assert.deepEqual(stored, { raw: ['25'], symbol: '', position: '' });
  assert.equal(formatCost(stored, DOLLAR), '$25');
  assert.deepEqual(costDetails(stored, ''), {
    currency_symbol: '',
    currency_code: '',
    currency_position: '',
    values: ['25'],
  });
});

test('reference: ["10", "50"] gives a range', () => {
  const stored = parsed(['10', '50']);
  assert.equal(formatCost(stored, DOLLAR), '$10 – $50');
  assert.deepEqual(costDetails(stored, 'USD').values, ['10', '50']);
});

test('reference: "20$" keeps its postfix symbol over the site default', () => {
  const stored = parsed('20$');
  assert.deepEqual(stored, { raw: ['20$'], symbol: '$', position: 'postfix' });
  assert.equal(formatCost(stored, DOLLAR), '20$');
  assert.deepEqual(costDetails(stored, 'USD'), {
    currency_symbol: '$',
    currency_code: 'USD',
    currency_position: 'postfix',
    values: ['20'],
  });
});

test('parseCostInput: infers the symbol next to the amount', () => {
  assert.deepEqual(parsed('$25'), { raw: ['$25'], symbol: '$', position: 'prefix' });
  assert.deepEqual(parsed('€ 10,50'), { raw: ['€ 10,50'], symbol: '€', position: 'prefix' });
  assert.deepEqual(parsed('USD 25'), { raw: ['USD 25'], symbol: 'USD', position: 'prefix' });
  assert.deepEqual(parsed('25 kr.'), { raw: ['25 kr.'], symbol: 'kr', position: 'postfix' });
  assert.deepEqual(parsed('Free - $30'), { raw: ['Free - $30'], symbol: '$', position: 'prefix' });
  assert.deepEqual(parsed('10 - 50 €'), { raw: ['10 - 50 €'], symbol: '€', position: 'postfix' });
  // A currency sign wins over a short word on the other side.
  assert.deepEqual(parsed('ab 10 €'), { raw: ['ab 10 €'], symbol: '€', position: 'postfix' });
  // The first entry with a symbol decides for a list.
  assert.deepEqual(parsed(['10', '£50']), { raw: ['10', '£50'], symbol: '£', position: 'prefix' });
});

test('parseCostInput: no symbol without an amount, or when only a word is next to it', () => {
  assert.deepEqual(parsed('Free'), { raw: ['Free'], symbol: '', position: '' });
  assert.deepEqual(parsed('0'), { raw: ['0'], symbol: '', position: '' });
  assert.deepEqual(parsed('10 - 50'), { raw: ['10 - 50'], symbol: '', position: '' });
  assert.deepEqual(parsed('Tickets 30'), { raw: ['Tickets 30'], symbol: '', position: '' });
});

test('parseCostInput: trims, accepts numbers, drops empty entries', () => {
  assert.deepEqual(parsed('  $25  '), { raw: ['$25'], symbol: '$', position: 'prefix' });
  assert.deepEqual(parsed(25), { raw: ['25'], symbol: '', position: '' });
  assert.deepEqual(parsed([10, '50.5', ' ', '']), { raw: ['10', '50.5'], symbol: '', position: '' });
});

test('parseCostInput: empty values clear the cost', () => {
  const cleared = { raw: [], symbol: '', position: '' };
  assert.deepEqual(parseCostInput(''), cleared);
  assert.deepEqual(parseCostInput('   '), cleared);
  assert.deepEqual(parseCostInput([]), cleared);
  assert.deepEqual(parseCostInput(['', ' ']), cleared);
  assert.deepEqual(parseCostInput(null), cleared);
  assert.deepEqual(parseCostInput(undefined), cleared);
});

test('parseCostInput: rejects what is not a cost', () => {
  assert.equal(parseCostInput({}), null);
  assert.equal(parseCostInput({ value: '10' }), null);
  assert.equal(parseCostInput(true), null);
  assert.equal(parseCostInput(false), null);
  assert.equal(parseCostInput([['10']]), null);
  assert.equal(parseCostInput(['10', { a: 1 }]), null);
  assert.equal(parseCostInput(['10', null]), null);
  assert.equal(parseCostInput(Number.NaN), null);
  assert.equal(parseCostInput(Number.POSITIVE_INFINITY), null);
  assert.equal(parseCostInput('1'.repeat(201)), null);
  assert.equal(parseCostInput(['10', '1'.repeat(201)]), null);
  // 200 characters is still fine.
  assert.ok(parseCostInput('1'.repeat(200)));
});

test('costValues: normalises decimal and thousands separators', () => {
  assert.deepEqual(costValues(['10,50']), ['10.50']);
  assert.deepEqual(costValues(['1.000,50']), ['1000.50']);
  assert.deepEqual(costValues(['1,000.50']), ['1000.50']);
  assert.deepEqual(costValues(['1,000']), ['1000']);
  assert.deepEqual(costValues(['1.000.000']), ['1000000']);
  assert.deepEqual(costValues(['0.500']), ['0.500']);
  assert.deepEqual(costValues(['1234,567']), ['1234.567']);
  assert.deepEqual(costValues(['25']), ['25']);
  assert.deepEqual(costValues(['007']), ['7']);
  assert.deepEqual(costValues(['1 000 €']), ['1000']);
  assert.deepEqual(costValues(['1\u202f000,50 €']), ['1000.50']);
  assert.deepEqual(costValues(["CHF 1'250.50"]), ['1250.50']);
});

test('costValues: ranges, lists, ordering and duplicates', () => {
  assert.deepEqual(costValues(['10 - 50']), ['10', '50']);
  assert.deepEqual(costValues(['$10 – $50']), ['10', '50']);
  assert.deepEqual(costValues(['10-50€']), ['10', '50']);
  assert.deepEqual(costValues(['50', '10', '30']), ['10', '30', '50']);
  assert.deepEqual(costValues(['10', '10.00', '$10']), ['10']);
  assert.deepEqual(costValues(['10 20']), ['10', '20']);
  assert.deepEqual(costValues([]), []);
});

test('costValues: text without an amount counts as 0', () => {
  assert.deepEqual(costValues(['Free']), ['0']);
  assert.deepEqual(costValues(['Pay-what-you-can']), ['0']);
  assert.deepEqual(costValues(['Free - $30']), ['0', '30']);
  assert.deepEqual(costValues(['Free', '15', 'Donation']), ['0', '15']);
  assert.deepEqual(costValues(['?']), ['0']);
});

test('formatCost: single values', () => {
  assert.equal(formatCost({ raw: [], symbol: '', position: '' }, DOLLAR), '');
  assert.equal(formatCost(parsed('Free'), DOLLAR), 'Free');
  // "0" is empty to PHP: the running reference shows no cost at all (issue 21).
  assert.equal(formatCost(parsed('0'), DOLLAR), '');
  assert.equal(formatCost(parsed('0.00'), DOLLAR), 'Free');
  assert.equal(formatCost(parsed('€ 10,50'), DOLLAR), '€10.50');
  assert.equal(formatCost(parsed('10.50'), DOLLAR), '$10.50');
  assert.equal(formatCost(parsed('10.50'), { symbol: '€', position: 'postfix' }), '10.50€');
  assert.equal(formatCost(parsed('1.000,50'), DOLLAR), '$1000.50');
});

test('formatCost: several values give lowest – highest', () => {
  assert.equal(formatCost(parsed('Free - $30'), DOLLAR), 'Free – $30');
  assert.equal(formatCost(parsed(['0', '30']), DOLLAR), 'Free – $30');
  assert.equal(formatCost(parsed('$10 - $50'), DOLLAR), '$10 – $50');
  assert.equal(formatCost(parsed(['50', '20', '10']), DOLLAR), '$10 – $50');
  assert.equal(formatCost(parsed('10 - 50 €'), DOLLAR), '10€ – 50€');
  assert.equal(formatCost(parsed(['10', '20']), { symbol: 'kr', position: 'postfix' }), '10kr – 20kr');
});

test('formatCost: a stored symbol without a position falls back to the default position', () => {
  assert.equal(formatCost({ raw: ['5'], symbol: '£', position: '' }, { symbol: '$', position: 'postfix' }), '5£');
});

test('costDetails: reports only what was seen in the text', () => {
  assert.deepEqual(costDetails(parsed('€ 10,50 - 20'), 'EUR'), {
    currency_symbol: '€',
    currency_code: 'EUR',
    currency_position: 'prefix',
    values: ['10.50', '20'],
  });
  assert.deepEqual(costDetails({ raw: [], symbol: '', position: '' }, 'USD'), {
    currency_symbol: '',
    currency_code: 'USD',
    currency_position: '',
    values: [],
  });
});
