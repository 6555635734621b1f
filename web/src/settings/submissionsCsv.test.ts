import { describe, expect, it } from 'vitest';
import { submissionsTable } from './submissionsCsv.ts';

describe('submissions CSV', () => {
  it('has the inbox columns, then every field in the order first seen; lists are joined by new lines', () => {
    const table = submissionsTable([
      {
        id: 2,
        formName: 'contact',
        language: 'en',
        status: 'new',
        timestamp: '2026-01-02T10:00:00.000Z',
        body: { email: 'a@example.com', message: 'Hi' },
      },
      {
        id: 1,
        formName: 'order',
        language: 'fi',
        status: 'closed',
        timestamp: '2026-01-01T10:00:00.000Z',
        body: { email: 'b@example.com', items: ['bread', 'buns'] },
      },
    ]);
    expect(table.fields).toEqual(['id', 'form', 'language', 'status', 'submitted', 'email', 'message', 'items']);
    expect(table.data).toEqual([
      ['2', 'contact', 'en', 'new', '2026-01-02T10:00:00.000Z', 'a@example.com', 'Hi', ''],
      ['1', 'order', 'fi', 'closed', '2026-01-01T10:00:00.000Z', 'b@example.com', '', 'bread\nbuns'],
    ]);
  });
});
