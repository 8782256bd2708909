import Decimal from 'decimal.js';
import { numericText } from '../../src/services/numeric-text';
import { isoTimestamp } from '../../src/services/timestamp-text';

/** The fast paths that turn PostgreSQL's text into wire values must write exactly what the slow, obvious ones write. */
describe('stored text to wire text', () => {
  it.each([
    '2026-01-01 00:00:00+00',
    '2026-01-01 00:00:00.5+00',
    '2026-01-01 00:00:00.12+00',
    '2026-01-01 00:00:00.123+00',
    '2026-01-01 00:00:00.123956+00',
    '2026-12-31 23:59:59.999999+00',
    '2024-02-29 12:34:56.000001+00',
    '2026-01-01 02:00:00+02',
    '2026-01-01 05:30:00.25+05:30',
  ])('isoTimestamp(%s) is what new Date(text).toISOString() writes', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });

  it('isoTimestamp agrees with Date on 2,000 random instants with microseconds', () => {
    for (let index = 0; index < 2_000; index += 1) {
      const millis = Math.floor(Math.random() * 4_000_000_000_000);
      const micros = String(Math.floor(Math.random() * 1_000_000))
        .padStart(6, '0')
        .replace(/0+$/, '');
      const text = `${new Date(millis).toISOString().slice(0, 19).replace('T', ' ')}${micros ? `.${micros}` : ''}+00`;
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
  });

  it.each(['0', '-0', '0.010000', '100.000', '-12.50', '65000.10', '1e3', '007.5', '123456789.123456789000'])(
    'numericText(%s) is what Decimal writes',
    (text) => {
      expect(numericText(text)).toBe(new Decimal(text).toFixed());
    },
  );
});
