// A LOCATION's address split into a venue's fields where it reads as an address (issue 31: a
// Google export's "Kulturbrauerei Kesselhaus, Schönhauser Allee 36, 10435 Berlin, Germany" made a
// venue with the whole string in Address and City, ZIP and Country empty).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitAddress } from '../../server/calendar-files/location-parts.ts';

test('addresses as Google, Apple and Outlook write them are split into street, ZIP, city, state, country', () => {
  const cases: [string, ReturnType<typeof splitAddress>][] = [
    [
      'Schönhauser Allee 36, 10435 Berlin, Germany',
      { address: 'Schönhauser Allee 36', zip: '10435', city: 'Berlin', country: 'Germany' },
    ],
    [
      'Schönhauser Allee 36, 10435 Berlin, Deutschland',
      { address: 'Schönhauser Allee 36', zip: '10435', city: 'Berlin', country: 'Deutschland' },
    ],
    [
      '1200 River Rd, Riverside, CA 92501, USA',
      { address: '1200 River Rd', city: 'Riverside', state: 'CA', zip: '92501', country: 'United States' },
    ],
    [
      'Suite 5, 100 Main St, Springfield, IL 62701',
      { address: 'Suite 5, 100 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    ],
    ['Museumstraat 1, 1071 XX Amsterdam', { address: 'Museumstraat 1', zip: '1071 XX', city: 'Amsterdam' }],
    [
      'ul. Marszałkowska 1, 00-950 Warszawa, Polska',
      { address: 'ul. Marszałkowska 1', zip: '00-950', city: 'Warszawa', country: 'Polska' },
    ],
    [
      'Drottninggatan 1, 111 51 Stockholm, Sweden',
      { address: 'Drottninggatan 1', zip: '111 51', city: 'Stockholm', country: 'Sweden' },
    ],
    [
      '10 Downing St, London SW1A 2AA, UK',
      { address: '10 Downing St', city: 'London', zip: 'SW1A 2AA', country: 'United Kingdom' },
    ],
    [
      '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      { address: '100 Queen St W', city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'Canada' },
    ],
    ['Calle Mayor 5, Madrid, España', { address: 'Calle Mayor 5', city: 'Madrid', country: 'España' }],
    ['10435 Berlin', { address: '', zip: '10435', city: 'Berlin' }],
    // Last.fm's "Theater Bouwkunde, Netherlands": the address is the country (issue 36).
    ['Netherlands', { address: '', country: 'Netherlands' }],
    ['usa', { address: '', country: 'United States' }],
  ];
  for (const [text, expected] of cases) assert.deepEqual(splitAddress(text), expected, text);
});

test('what does not read as an address stays whole', () => {
  for (const text of ['Building 92, Redmond', 'Room 4B', 'Main hall, first floor', 'Zoom', '', 'a,'.repeat(400)])
    assert.equal(splitAddress(text), null, text);
});
