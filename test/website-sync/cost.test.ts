// cost.ts: the website's default currency symbol as v1's formatted `cost` shows it (tec-website.md,
// "cost": a cost without a symbol of its own is shown with the site default), and which website
// texts read the same here when written as typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { costTextKeepsSymbol, remoteCost, websiteDefaultSymbol } from '../../server/website-sync/cost.ts';

const noSymbol = { currency_symbol: '', currency_code: '', currency_position: '' };

test("the website's default symbol: from v1's cost of an event without a symbol of its own", () => {
  assert.equal(websiteDefaultSymbol({ cost: '$15', cost_details: noSymbol }), '$');
  assert.equal(websiteDefaultSymbol({ cost: '$10 – $50', cost_details: noSymbol }), '$');
  assert.equal(websiteDefaultSymbol({ cost: '&#163;5,50', cost_details: noSymbol }), '£', 'entities decoded');
  assert.equal(websiteDefaultSymbol({ cost: '&pound;5', cost_details: noSymbol }), undefined, 'unknown: not learned');
  assert.equal(websiteDefaultSymbol({ cost: '8 kr', cost_details: noSymbol }), 'kr', 'a site that puts it after');
  // Nothing to learn: the event's own symbol, no amount, no cost.
  assert.equal(websiteDefaultSymbol({ cost: '€15', cost_details: { ...noSymbol, currency_symbol: '€' } }), undefined);
  assert.equal(websiteDefaultSymbol({ cost: 'Free', cost_details: noSymbol }), undefined);
  assert.equal(websiteDefaultSymbol({ cost: '', cost_details: noSymbol }), undefined);
});

test('a website cost text is written here as typed only when it carries its symbol (or no amount)', () => {
  assert.equal(remoteCost('15', '$'), '$15');
  assert.equal(costTextKeepsSymbol('15', '$'), false);
  assert.equal(costTextKeepsSymbol('€15', '$'), true);
  assert.equal(costTextKeepsSymbol('Free', '$'), true);
  assert.equal(costTextKeepsSymbol('', '$'), true);
});
