import { checkoutTexts } from '@cutout/contracts';
import { pricingPageTexts } from './texts';

/** Whoever the draft is signed by: the user's name, else their e-mail, else a placeholder. */
export function enterpriseSignature(user: { name: string | null; email: string } | null): string {
  return user?.name?.trim() || user?.email || pricingPageTexts.mail.prospectiveCustomer;
}

export function enterpriseMailBody(user: { name: string | null; email: string } | null): string {
  const { mail } = pricingPageTexts;
  return [
    mail.greeting,
    '',
    mail.intro,
    ...mail.topics.map((topic) => `- ${topic}`),
    '',
    mail.closing,
    enterpriseSignature(user),
  ].join('\n');
}

/**
 * The enterprise mail draft (spec §7): to the seller's contact address (Admin → Business
 * details), subject 'Enterprise Inquiry'. Encoded per RFC 6068: percent-encoded UTF-8, line
 * breaks as %0D%0A.
 */
export function enterpriseMailto(
  to: string,
  user: { name: string | null; email: string } | null,
): string {
  const encode = (text: string) => encodeURIComponent(text.replaceAll('\n', '\r\n'));
  return `mailto:${to}?subject=${encode(checkoutTexts.enterpriseSubject)}&body=${encode(enterpriseMailBody(user))}`;
}
