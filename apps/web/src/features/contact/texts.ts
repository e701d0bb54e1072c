import { limits } from '@cutout/contracts';

// Labels and copy of the contact page that the spec does not quote. The spec's own texts
// ('Message Sent Successfully!', 'Failed to Send Message', …) come from contactTexts.

export const contactUiTexts = {
  heading: 'Get in touch',
  intro:
    'Questions about credits, a result that does not look right, the API or a volume deal for your team: send us a message and a person will answer by e-mail.',
  formHeading: 'Send us a message',
  fields: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
  },
  placeholders: {
    name: 'Jane Doe',
    email: 'you@example.com',
    subject: 'What is it about?',
    message: 'Tell us what you need, with any details that help (image type, plan, error text).',
  },
  counter: (length: number) => `${length}/${limits.contact.message.max}`,
  submit: 'Send Message',
  sending: 'Sending...',
  sentDetail: (email: string) => `Thank you. We will reply to ${email}.`,
  topics: [
    {
      title: 'Support',
      text: 'Problems with an upload, a result or your account.',
    },
    {
      title: 'Sales',
      text: 'Enterprise volumes, invoices and custom agreements.',
    },
    {
      title: 'Developers',
      text: 'API keys, limits and integrating Cutout in your product.',
    },
  ],
  faqHeading: 'Frequently asked questions',
  faq: [
    {
      question: 'How soon will I get an answer?',
      answer:
        'Every message is stored and forwarded to our support inbox the moment you send it, and a person replies by e-mail to the address you give.',
    },
    {
      question: 'A result does not look right. What should I include?',
      answer:
        'Tell us which result (refined, white background or transparent), roughly when you processed the image, and what looks wrong — a halo, a missing part, the wrong subject. Please do not attach images here; we will ask for the original if we need it.',
    },
    {
      question: 'Can I get more credits for a larger team?',
      answer:
        'Yes. The Enterprise plan has custom volumes and pricing. Choose a subject like "Enterprise" and tell us roughly how many images you process a month.',
    },
    {
      question: 'Do you offer an API?',
      answer:
        'Yes. Create an API key in your dashboard and send images to the REST endpoint; the API page has ready-to-run examples in curl, JavaScript and Python.',
    },
  ],
} as const;
