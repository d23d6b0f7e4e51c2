import { describe, expect, it } from 'vitest';
import { compareText, Dictionary } from './memory-store.ts';

const brute = (dictionary: Dictionary, needle: string) =>
  dictionary.values.map((value) => (value?.toLowerCase().includes(needle) ? 1 : 0));

describe('a dictionary of many values', () => {
  it('finds the values containing a text, and the values added since it last looked', () => {
    const dictionary = new Dictionary();
    for (let n = 0; n < 6000; n++) dictionary.code(`Value ${n} at 10:${n % 60}`);
    expect(Array.from(dictionary.containing('10:5'))).toEqual(brute(dictionary, '10:5'));
    for (let n = 6000; n < 6100; n++) dictionary.code(`Value ${n} at 10:${n % 60}`);
    const found = dictionary.containing('10:5');
    expect(found.length).toBe(dictionary.values.length);
    expect(Array.from(found)).toEqual(brute(dictionary, '10:5'));
    expect(Array.from(dictionary.containing('value 60'))).toEqual(brute(dictionary, 'value 60'));
  });

  it('keeps a search the same lookup while the values added since do not pass it', () => {
    const dictionary = new Dictionary();
    for (let n = 0; n < 6000; n++) dictionary.code(`TC${n}`);
    const found = dictionary.containing('tc12');
    dictionary.code('TC999999');
    expect(dictionary.containing('tc12')).toBe(found);
    const code = dictionary.code('TC120000');
    const extended = dictionary.containing('tc12');
    expect(extended).not.toBe(found);
    expect(extended[code]).toBe(1);
    expect(Array.from(extended)).toEqual(brute(dictionary, 'tc12'));
  });

  it('orders values by code point, as a C collation does, beyond the basic plane too', () => {
    const values = ['b', 'B', 'a', 'é', '\u{1F600}', '\uFFFD', 'ab', ''];
    const sorted = [...values].sort(compareText);
    const byCodePoints = [...values].sort((x, y) => {
      const a = [...x].map((c) => c.codePointAt(0) ?? 0);
      const b = [...y].map((c) => c.codePointAt(0) ?? 0);
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
      return a.length - b.length;
    });
    expect(sorted).toEqual(byCodePoints);
    expect(sorted.indexOf('\uFFFD')).toBeLessThan(sorted.indexOf('\u{1F600}'));
  });
});
