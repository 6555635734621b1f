import { describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import { jsonFields, printJson } from './output.js';
import { testDeps } from './testing.js';

const SITES = [
  { siteId: 'a.example.com', name: 'A', plan: 1 },
  { siteId: 'b.example.com', name: 'B', plan: 2, locked: true },
];

const printed = (data: unknown, json: true | string) => {
  const { deps, text } = testDeps();
  printJson(deps, data, json);
  return JSON.parse(text.out) as unknown;
};

describe('--json [fields], as gh does it', () => {
  it('bare --json prints the data exactly as the API answered', () => {
    expect(printed(SITES, true)).toEqual(SITES);
  });

  it('--json a,b prints just those fields of each object of a list, in the order asked', () => {
    expect(printed(SITES, 'name,siteId')).toEqual([
      { name: 'A', siteId: 'a.example.com' },
      { name: 'B', siteId: 'b.example.com' },
    ]);
    const out = JSON.stringify(printed(SITES, 'name,siteId'));
    expect(out.indexOf('"name"')).toBeLessThan(out.indexOf('"siteId"'));
  });

  it('a field one record lacks is null there, and a single record is picked like one row', () => {
    expect(printed(SITES, 'locked')).toEqual([{ locked: null }, { locked: true }]);
    expect(printed({ id: 7, name: 'Key', created: '2026-11-25' }, 'name')).toEqual({ name: 'Key' });
  });

  it("a paged answer's fields are its records' fields, printed as a list without the paging", () => {
    const page = { items: [{ _id: 'a', sku: 'B-1', price: 9 }], total: 1, offset: 0, limit: 100 };
    expect(jsonFields(page)).toEqual(['_id', 'sku', 'price']);
    expect(printed(page, 'sku,price')).toEqual([{ sku: 'B-1', price: 9 }]);
    expect(printed({ files: [{ name: 'a.png', size: 3 }], storage: { used: 3 } }, 'name')).toEqual([{ name: 'a.png' }]);
  });

  it('--json ? lists the available fields instead of printing data', () => {
    const { deps, text } = testDeps();
    const asking = () => printJson(deps, SITES, '?');
    expect(asking).toThrow(CliError);
    expect(asking).toThrow('Specify one or more comma-separated fields for --json');
    try {
      asking();
    } catch (error) {
      expect((error as CliError).hint).toBe('Available fields:\n  siteId\n  name\n  plan\n  locked');
    }
    expect(text.out).toBe('');
  });

  it('an unknown field is refused with the list of fields, and nothing is printed', () => {
    const { deps, text } = testDeps();
    expect(() => printJson(deps, SITES, 'name,nope')).toThrow('Unknown JSON field: "nope"');
    expect(text.out).toBe('');
  });

  it('the fields of a list are the keys of its objects in first-seen order', () => {
    expect(jsonFields(SITES)).toEqual(['siteId', 'name', 'plan', 'locked']);
    expect(jsonFields([])).toEqual([]);
  });
});
