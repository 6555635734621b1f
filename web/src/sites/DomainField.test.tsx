import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DomainField } from './DomainField.tsx';
import type { DomainCheck } from './domainCheck.ts';

const render = (error: string | null, check: DomainCheck | null) =>
  renderToStaticMarkup(
    <DomainField value="shop.example.com" error={error} check={check} onChange={() => undefined} onBlur={() => undefined} />,
  );

describe('the domain field', () => {
  it('says the availability is being checked, then that the domain is available', () => {
    expect(render(null, { domain: 'shop.example.com', state: 'checking' })).toContain('Checking availability…');
    const available = render(null, { domain: 'shop.example.com', state: 'valid' });
    expect(available).toContain('Available');
    expect(available).not.toContain('Checking');
  });

  it('shows only the error when there is one, and says the domain is the lasting site ID', () => {
    const html = render('This domain is taken', { domain: 'shop.example.com', state: 'valid' });
    expect(html).toContain('This domain is taken');
    expect(html).not.toContain('Available');
    expect(render(null, null)).toContain('The domain becomes the site&#x27;s ID and cannot be changed later.');
  });
});
