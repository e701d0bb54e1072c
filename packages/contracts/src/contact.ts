import { limits } from './limits.js';
import { validationTexts } from './texts.js';

// Contact messages (spec §3 Contact message, §5 Contact rules, §7 Contact). Zod-free; the schemas
// are in schemas/contact.ts.

const { name, subject, message } = limits.contact;

/** Per-field messages for the contact rules, which the spec states without quoting a text. */
export const contactFieldTexts = {
  nameRequired: validationTexts.nameRequired,
  nameMin: validationTexts.nameMin,
  nameMax: `Name must be at most ${name.max} characters`,
  emailRequired: validationTexts.emailRequired,
  email: validationTexts.email,
  subjectRequired: 'Subject is required',
  subjectMin: `Subject must be at least ${subject.min} characters`,
  subjectMax: `Subject must be at most ${subject.max} characters`,
  messageRequired: 'Message is required',
  messageMin: `Message must be at least ${message.min} characters`,
  messageMax: `Message must be at most ${message.max} characters`,
} as const;
