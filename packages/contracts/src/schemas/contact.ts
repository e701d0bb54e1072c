import * as z from 'zod/mini';
import { newsletterLinkTexts, simpleEmailPattern } from '../blog.js';
import { contactFieldTexts as t } from '../contact.js';
import { limits } from '../limits.js';
import { validationTexts } from '../texts.js';

// POST /api/contact (spec §3 Contact message, §5 Contact rules, §7 Contact) and POST
// /api/newsletter. The server validates with these schemas and the contact form reuses them with
// zodResolver, so both sides show the same message for the same mistake.

const { name, subject, message } = limits.contact;

/** A required text, trimmed, with its length rules; blank says "required", not "too short". */
const requiredText = (
  min: number,
  max: number,
  required: string,
  tooShort: string,
  tooLong: string,
) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.minLength(min, tooShort),
      z.maxLength(max, tooLong),
    );

/** The spec's simple address pattern, trimmed; 254 is the longest address SMTP carries. */
const simpleEmail = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(254, validationTexts.email),
      z.regex(simpleEmailPattern, validationTexts.email),
    );

/** The four fields a person fills in. */
export const contactFormSchema = z.object({
  name: requiredText(name.min, name.max, t.nameRequired, t.nameMin, t.nameMax),
  email: simpleEmail(t.emailRequired),
  subject: requiredText(subject.min, subject.max, t.subjectRequired, t.subjectMin, t.subjectMax),
  message: requiredText(message.min, message.max, t.messageRequired, t.messageMin, t.messageMax),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/**
 * POST /api/contact. The browser also sends when it was sent and its user agent (spec §3). The
 * client IP is never taken from the body: the server reads it from the connection.
 */
export const contactBodySchema = z.extend(contactFormSchema, {
  timestamp: z.optional(z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' })),
  userAgent: z.optional(z.string().check(z.maxLength(500, 'Must be at most 500 characters'))),
});
export type ContactBody = z.input<typeof contactBodySchema>;
/** A contact message as the server has it after validation (trimmed). */
export type ContactMessage = z.output<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ id: z.string(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** POST /api/newsletter: the address is stored trimmed and lowercased, once. */
export const newsletterBodySchema = z.object({
  email: simpleEmail(t.emailRequired).check(z.toLowerCase()),
});
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

export const newsletterResponseSchema = z.object({ message: z.string() });

/** POST /api/newsletter/confirm and /unsubscribe: the token from the e-mailed link. */
export const newsletterTokenBodySchema = z.object({
  token: z
    .string({ error: newsletterLinkTexts.invalidLink })
    .check(
      z.minLength(1, newsletterLinkTexts.invalidLink),
      z.maxLength(200, newsletterLinkTexts.invalidLink),
    ),
});
export type NewsletterTokenBody = z.input<typeof newsletterTokenBodySchema>;
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
