import { describe, expect, it } from 'vitest';
import {
  addProperty,
  changeEntityType,
  changeValueType,
  defaultValue,
  enterAdds,
  initialType,
  menuEntries,
  moveHover,
  typeOfValue,
  valueTypes,
  type Vocabulary,
} from './model.ts';

const vocabulary: Vocabulary = {
  types: [
    { id: 'Thing', subClassOf: [] },
    { id: 'Organization', subClassOf: ['Thing'] },
    { id: 'LocalBusiness', subClassOf: ['Organization', 'Place'] },
    { id: 'Place', subClassOf: ['Thing'] },
    { id: 'FoodEstablishment', subClassOf: ['LocalBusiness'] },
    { id: 'Restaurant', subClassOf: ['FoodEstablishment'] },
    { id: 'Person', subClassOf: ['Thing'] },
    { id: 'PostalAddress', subClassOf: ['Thing'] },
  ],
  properties: [
    { id: 'name', domain: ['Thing'], types: ['Text'] },
    { id: 'image', domain: ['Thing'], types: ['ImageObject', 'URL'] },
    { id: 'servesCuisine', domain: ['FoodEstablishment'], types: ['Text'] },
    { id: 'address', domain: ['Organization', 'Person', 'Place'], types: ['PostalAddress', 'Text'] },
    { id: 'founder', domain: ['Organization'], types: ['Person'] },
    { id: 'foundingDate', domain: ['Organization'], types: ['Date'] },
    { id: 'birthDate', domain: ['Person'], types: ['Date'] },
    { id: 'startDate', domain: ['Thing'], types: ['DateTime', 'Date'] },
    { id: 'numberOfRooms', domain: ['Place'], types: ['Number', 'QuantitativeValue'] },
    { id: '@type', domain: ['Thing'], types: ['Text'] },
  ],
};
const now = new Date(2026, 10, 25, 17, 30, 0);

describe('{host} entity defaults (spec 001 §3)', () => {
  it('DateTime is the current ISO time, Date is today, URL starts as https://, Number and Integer 0, Text empty', () => {
    expect(defaultValue('DateTime', now)).toBe(now.toISOString());
    expect(defaultValue('Date', now)).toBe('2026-11-25');
    expect(defaultValue('URL', now)).toBe('https://');
    expect(defaultValue('Number', now)).toBe(0);
    expect(defaultValue('Integer', now)).toBe(0);
    expect(defaultValue('Text', now)).toBe('');
    expect(defaultValue('PostalAddress', now)).toEqual({ '@type': 'PostalAddress' });
  });

  it('property names treated as images start as an image', () => {
    expect(initialType(vocabulary.properties[1]!)).toBe('Image');
    expect(valueTypes(vocabulary.properties[1])).toEqual(['Image', 'URL', 'Text', 'List', 'ImageObject']);
  });

  it('a property with only classes starts as a nested entity of its first class', () => {
    expect(addProperty({ '@type': 'Organization' }, vocabulary.properties[4]!, now)).toEqual({
      '@type': 'Organization',
      founder: { '@type': 'Person' },
    });
  });
});

describe('{host} editor (spec 001 §4)', () => {
  it('changing a property’s type to a scalar type resets its value to empty', () => {
    const entity = { '@type': 'Person', address: { '@type': 'PostalAddress', streetAddress: 'Main 1' } };
    expect(changeValueType(entity, 'address', 'Text')).toEqual({ '@type': 'Person', address: '' });
  });

  it('changing a property’s type to a class sets a nested @type and clears the old sub-keys', () => {
    const entity = { '@type': 'Person', address: { '@type': 'Place', name: 'Home' } };
    expect(changeValueType(entity, 'address', 'PostalAddress')).toEqual({ '@type': 'Person', address: { '@type': 'PostalAddress' } });
    expect(changeValueType({ address: 'Main 1' }, 'address', 'PostalAddress')).toEqual({ address: { '@type': 'PostalAddress' } });
  });

  it('properties offered are only those valid for the type and its ancestors', () => {
    const names = menuEntries(vocabulary, {}, 'Restaurant').map((e) => e.property.id);
    expect(names).toEqual(['address', 'founder', 'foundingDate', 'image', 'name', 'numberOfRooms', 'servesCuisine', 'startDate']);
    expect(menuEntries(vocabulary, {}, 'Person').map((e) => e.property.id)).toEqual(['address', 'birthDate', 'image', 'name', 'startDate']);
  });

  it('already-used properties show as selected and cannot be added again', () => {
    const entity = { '@type': 'Person', name: 'Ada' };
    const entries = menuEntries(vocabulary, entity, 'Person');
    const index = entries.findIndex((e) => e.property.id === 'name');
    expect(entries[index]!.used).toBe(true);
    expect(enterAdds(entries, index)).toBeNull();
    expect(addProperty(entity, vocabulary.properties[0]!)).toBe(entity);
  });

  it('the Add property menu’s hover index is keyboard-navigable and wraps', () => {
    expect(moveHover(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveHover(2, 'ArrowDown', 3)).toBe(0);
    expect(moveHover(0, 'ArrowUp', 3)).toBe(2);
    expect(moveHover(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveHover(1, 'End', 3)).toBe(2);
    expect(moveHover(1, 'Home', 3)).toBe(0);
    expect(moveHover(0, 'ArrowDown', 0)).toBe(-1);
  });

  it('Enter adds the highlighted property', () => {
    const entries = menuEntries(vocabulary, {}, 'Person');
    expect(enterAdds(entries, 1)!.id).toBe('birthDate');
    expect(enterAdds(entries, -1)).toBeNull();
  });

  it('the menu narrows to names containing the search, in any case', () => {
    expect(menuEntries(vocabulary, {}, 'Restaurant', 'DATE').map((e) => e.property.id)).toEqual(['foundingDate', 'startDate']);
  });

  it('a stored value shows as the type its shape says', () => {
    const startDate = vocabulary.properties[7]!;
    expect(typeOfValue('2026-11-25T10:00:00.000Z', startDate)).toBe('DateTime');
    expect(typeOfValue('2026-11-25', startDate)).toBe('Date');
    expect(typeOfValue({ '@type': 'PostalAddress' }, vocabulary.properties[3])).toBe('PostalAddress');
    expect(typeOfValue(['a'], vocabulary.properties[0])).toBe('List');
    expect(typeOfValue(3, vocabulary.properties[8])).toBe('Number');
    expect(typeOfValue('https://x.org/a.png', vocabulary.properties[1])).toBe('Image');
  });

  it('changing the entity’s type keeps only the properties the new type takes', () => {
    expect(
      changeEntityType(vocabulary, { '@type': 'Restaurant', name: 'A', servesCuisine: 'Nordic', founder: { '@type': 'Person' } }, 'Person'),
    ).toEqual({ '@type': 'Person', name: 'A' });
  });
});
