import { formatDecimal, InstantFormatter, parseDecimal } from '../../src/engine/wire-format';

describe('wire decimals (contract §7: at most 8 decimals, no exponent notation)', () => {
  it.each([
    [100, '100'],
    [1.5, '1.5'],
    [-41.1764705882353, '-41.17647059'],
    [0.123456789, '0.12345679'],
    [0.5555555549, '0.55555555'],
    [1e-7, '0.0000001'],
    [1e-9, '0'],
    [-1e-9, '0'],
    [-0, '0'],
    [1e21, '1000000000000000000000'],
    [-2.5e22, '-25000000000000000000000'],
    [NaN, '0'],
    [Infinity, '0'],
    [-Infinity, '0'],
  ])('%p is written as %p', (value, text) => {
    expect(formatDecimal(value)).toBe(text);
  });

  it.each([
    ['1000', 1000],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['-3', -3],
    ['1e3', undefined],
    ['abc', undefined],
    ['', undefined],
    ['Infinity', undefined],
  ])('parses %p as %p', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it('writes instants exactly like Date.toISOString', () => {
    const formatter = new InstantFormatter();
    const times = [0, 999, 86_399_999, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(1969, 11, 31, 12, 30), Date.UTC(2025, 6, 4, 8)];
    expect(times.map((time) => formatter.format(time))).toEqual(times.map((time) => new Date(time).toISOString()));
  });
});
