import { describe, expect, it } from 'vitest';
import { enterpriseMailBody, enterpriseMailto, enterpriseSignature } from './enterprise-mail';

function parse(href: string) {
  const url = new URL(href);
  return {
    protocol: url.protocol,
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

describe('enterprise mail draft', () => {
  it('goes to the given contact address with the subject Enterprise Inquiry', () => {
    const draft = parse(enterpriseMailto('sales@example.com', null));
    expect(draft.protocol).toBe('mailto:');
    expect(draft.to).toBe('sales@example.com');
    expect(draft.subject).toBe('Enterprise Inquiry');
  });

  it('asks about pricing, discounts, integration, support and a demo', () => {
    const body = enterpriseMailBody(null);
    for (const topic of [
      /custom pricing/i,
      /volume discounts/i,
      /integration options/i,
      /support options/i,
      /demo/i,
    ]) {
      expect(body).toMatch(topic);
    }
  });

  it("is signed with the user's name, else e-mail, else 'Prospective Customer'", () => {
    expect(enterpriseSignature({ name: 'Jane Doe', email: 'jane@example.com' })).toBe('Jane Doe');
    expect(enterpriseSignature({ name: null, email: 'jane@example.com' })).toBe('jane@example.com');
    expect(enterpriseSignature({ name: '  ', email: 'jane@example.com' })).toBe('jane@example.com');
    expect(enterpriseSignature(null)).toBe('Prospective Customer');
    expect(enterpriseMailBody(null).endsWith('\nProspective Customer')).toBe(true);
  });

  it('encodes the body for mail clients: CRLF line breaks, no raw spaces or ampersands', () => {
    const href = enterpriseMailto('sales@example.com', {
      name: 'Tom & Jerry',
      email: 'tj@example.com',
    });
    expect(href).not.toMatch(/ /);
    expect(href).toContain('%0D%0A');
    expect(href.split('&')).toHaveLength(2);
    const body = parse(href).body ?? '';
    expect(body.endsWith('\r\nTom & Jerry')).toBe(true);
    expect(body.replaceAll('\r\n', '\n')).toBe(
      enterpriseMailBody({ name: 'Tom & Jerry', email: 'tj@example.com' }),
    );
  });
});
