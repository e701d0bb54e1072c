import {
  accountDeletionStatement,
  leavingTexts,
  backupPrivacyText,
  limits,
  paths,
  retentionStatements,
  policyTexts,
  refundRuleTexts,
} from '@cutout/contracts';

// The privacy policy, terms of service and cookie policy (spec §2 Legal pages): real policies for
// what Cutout does — accounts, credits bought through a card payment provider's hosted checkout,
// uploaded images processed on our servers, a session cookie and the theme in local storage.

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } }
  | { link: { before: string; label: string; to: string; after: string } };

export type LegalSection = { id: string; heading: string; blocks: readonly LegalBlock[] };

export type LegalDocument = { intro: string; sections: readonly LegalSection[] };

const maxUploadMb = Math.round(limits.maxUploadBytes / (1024 * 1024));

export const privacyPolicy: LegalDocument = {
  intro:
    'This policy explains what personal data Cutout collects when you use our website, the editor and the API, what we do with it, how long we keep it and the choices you have. We collect only what we need to run the service, and we never sell your data.',
  sections: [
    {
      id: 'what-we-collect',
      heading: 'Information we collect',
      blocks: [
        {
          list: [
            'Account information: your name, e-mail address, account type (personal or business) and your password, which we store only as a salted hash — never in readable form.',
            'Credits and usage: your credit balance and a record of every change to it (free grants, purchases, images processed), and how many images you have processed.',
            'Purchases: the pack you bought, the amount, the currency and the payment status, as reported by our card payment provider. Your card details go directly to the provider; we never see or store your card number.',
            `Images: the images you upload (up to ${maxUploadMb} MB each) or import from a URL, and the three results we produce from them.`,
            'API keys: if you create one, we store only a hash of it, so even we cannot read your key.',
            'Messages: when you use the contact form, your name, e-mail address, subject and message, with the time, your browser’s user agent and your IP address, to answer you and to fight spam.',
            'Technical data: like every web server, ours records your IP address, the requested address and the time of each request. If a page fails in your browser, it sends us an error report with the error message, the page address and your browser version.',
          ],
        },
      ],
    },
    {
      id: 'your-images',
      heading: 'Your images',
      blocks: [
        'Images are processed on our servers for one purpose: removing their background and producing your refined, white-background and transparent results. They are not sold, not shared with third parties, not used to train AI models and not looked at by people.',
        retentionStatements.privacyPolicy,
        'In practice the original image and its three results are deleted automatically when their retention period ends, 24 hours after processing; the download links stop working at the same moment. Download the results you want to keep before then.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use your information',
      blocks: [
        {
          list: [
            'To provide the service: sign you in, process your images, keep your credit balance accurate and show your usage in the dashboard.',
            'To take payments: create a checkout with our payment provider and add the credits you bought when it confirms the payment.',
            'To communicate with you: answer your messages and send the e-mails the service needs, such as password reset links. We do not send marketing e-mails unless you ask for them.',
            'To keep Cutout secure: limit repeated sign-in attempts and abusive traffic, investigate errors and protect accounts.',
            'To meet legal obligations, for example keeping purchase records for tax purposes.',
          ],
        },
        'Where data protection law requires a legal basis, we rely on the contract with you (to provide the service you signed up for), our legitimate interest in running a secure and working service, your consent where we ask for it, and our legal obligations.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        'We share personal data only with the service providers that help us run Cutout, under contracts that restrict them to acting on our instructions:',
        {
          list: [
            'our hosting and storage providers, where the service and your temporary images run;',
            'our card payment provider, which handles checkout, payment and invoicing for credit packs;',
            'our e-mail delivery provider, for password reset links and replies to your messages;',
            'where the editor uses a bot check (Cloudflare Turnstile), Cloudflare, which receives technical information about your browser and connection to tell people from automated abuse.',
          ],
        },
        'We may also disclose information when the law requires it, or to protect the rights and safety of our users and of Cutout. We never sell personal data or share it for advertising.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          list: [
            'Images and results: deleted after 24 hours, as described above.',
            'Account information, credits and usage: for as long as you have an account. When an account is deleted, we keep only what “Leaving Cutout” below lists.',
            'Purchase records: for as long as tax and accounting law requires.',
            'Contact messages: for as long as we need them to handle your request.',
            'Server logs and error reports: for a short period, to investigate problems and abuse.',
            backupPrivacyText,
          ],
        },
      ],
    },
    {
      // The one statement of what a deletion erases and keeps: the settings dialog shows the
      // same constant, and the server's deletion test checks each line (decision 0270).
      id: 'leaving',
      heading: leavingTexts.privacyHeading,
      blocks: [
        leavingTexts.privacyIntro,
        `${leavingTexts.erasedHeading}:`,
        { list: accountDeletionStatement.erasedNow },
        `${leavingTexts.keptHeading}:`,
        { list: accountDeletionStatement.kept },
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        'Connections to Cutout are encrypted. Passwords and API keys are stored only as hashes, the session cookie cannot be read by scripts in the page, every request to a private part of the service is checked on the server, and the result links the API returns are signed. No system is perfectly secure, but we work to protect your data and will tell you without undue delay if a breach affects it.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        'Depending on where you live, you may have the right to access the personal data we hold about you, correct it, delete it, receive a copy in a portable format, object to or restrict how we use it, and withdraw consent you gave. You can also complain to your data protection authority.',
        {
          link: {
            before: 'To exercise any of these rights, write to us through our ',
            label: 'contact page',
            to: paths.contact,
            after: '. We answer within one month.',
          },
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'Cutout is not directed at children under 16, and we do not knowingly collect their personal data. If you believe a child has given us personal data, please contact us and we will delete it.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        {
          link: {
            before:
              'We use one cookie to keep you signed in and your browser’s local storage to remember your theme. No advertising or analytics cookies. The details are in our ',
            label: 'Cookie Policy',
            to: paths.cookies,
            after: '.',
          },
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'When we change this policy, we publish the new version on this page with its date. If a change matters for how we use your data, we will tell signed-in users before it takes effect.',
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  intro:
    'These terms govern your use of Cutout: the website, the background-removal editor, the dashboard and the API. By creating an account or using the service you agree to them. Please read them together with our Privacy Policy.',
  sections: [
    {
      id: 'service',
      heading: 'The service',
      blocks: [
        'Cutout removes the background from images you provide and returns three results: a refined cutout, the subject on a white background and a transparent image. You can use it in the browser, in batches from your dashboard or through the API.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      blocks: [
        'You must give accurate information when you sign up and keep it up to date. You are responsible for keeping your password and your API keys secret and for everything done with your account. Tell us straight away if you think someone else has access to it. You must be at least 16 years old to create an account.',
        'A business account may be used by a company or team for commercial purposes; the person who creates it confirms they may accept these terms on the organisation’s behalf.',
      ],
    },
    {
      id: 'credits',
      heading: 'Credits and payments',
      blocks: [
        {
          list: [
            'Each processed image uses one credit.',
            'Credits are sold in one-time packs; there is no subscription and nothing renews automatically. Prices are shown in US dollars on the Pricing page, and taxes may be added at checkout.',
            'Payments are handled by our card payment provider on its hosted checkout page, under its own terms. Credits are added to your account when the provider confirms the payment.',
            `${policyTexts.validity} ${policyTexts.refunds} Nothing in these terms limits a right to a refund the law gives you.`,
            refundRuleTexts.rule,
            'Free credits granted to new accounts have no cash value and cannot be transferred.',
            'Enterprise volumes and terms are agreed individually with our sales team.',
          ],
        },
      ],
    },
    {
      id: 'content',
      heading: 'Your images',
      blocks: [
        'You keep all rights to the images you upload and to the results produced from them. You give us only the limited permission needed to store and process them to provide the service; it ends when they are deleted as described in our Privacy Policy.',
        'You confirm that you own the images you upload or have permission to edit them, and that your use of the results does not infringe anyone’s rights, including copyright, trademark, privacy and publicity rights.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        'You agree not to:',
        {
          list: [
            'upload content that is illegal, that sexualises minors, or that you have no right to use;',
            'use the results to deceive, harass or defame anyone, or to impersonate a real person;',
            'get around credit, rate or size limits, share accounts to do so, or use another person’s API key;',
            'disrupt, overload or probe the service, or try to reach data that is not yours;',
            'copy, resell or reverse-engineer the service, except where the law expressly allows it.',
          ],
        },
        'We may remove content and suspend or close accounts that break these rules.',
      ],
    },
    {
      id: 'api',
      heading: 'API use',
      blocks: [
        'API keys are personal to your account. Keep them on your own servers and never publish them in apps, web pages or public code. Requests are subject to rate limits and to the same credit rules as the editor, and we may revoke a key that is abused or leaked.',
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and results',
      blocks: [
        'We work to keep Cutout available and fast, but we do not guarantee uninterrupted service: maintenance, updates and events outside our control can interrupt it. Results are produced automatically by an AI model and may contain mistakes, especially on difficult images; check them before you rely on them.',
      ],
    },
    {
      id: 'ip',
      heading: 'Our intellectual property',
      blocks: [
        'The Cutout name, logo, website, software and documentation belong to us or our licensors. These terms give you the right to use the service as described; they do not transfer any ownership to you.',
      ],
    },
    {
      id: 'termination',
      heading: 'Ending your use',
      blocks: [
        'You may stop using Cutout at any time and ask us to delete your account. We may suspend or end your access if you seriously or repeatedly break these terms; credits of an account closed for a breach are forfeited.',
      ],
    },
    {
      id: 'liability',
      heading: 'Disclaimer and limitation of liability',
      blocks: [
        'To the extent the law allows, Cutout is provided "as is", without warranties of any kind, and we are not liable for indirect or consequential losses, lost profits or lost data. Our total liability for any claim is limited to the amount you paid us in the twelve months before it. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        'We may update these terms as the service evolves. The date at the top shows the latest version. If a change materially affects your rights, we will tell signed-in users before it takes effect; continuing to use Cutout afterwards means you accept the new terms.',
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  intro:
    'This policy explains the cookies and similar browser storage Cutout uses. The short version: one cookie to keep you signed in, one local-storage entry for your theme, and nothing that tracks you or shows you ads.',
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'What cookies are',
      blocks: [
        'Cookies are small text files a website asks your browser to keep and send back with later requests. Local storage is a similar place in your browser where a site can keep small settings; unlike cookies, it is not sent to the server.',
      ],
    },
    {
      id: 'cookies-we-use',
      heading: 'Cookies we use',
      blocks: [
        'We use only strictly necessary cookies, which the service cannot work without. They are set when you sign in:',
        {
          table: {
            caption: 'Cookies set by Cutout',
            head: ['Name', 'Purpose', 'Duration'],
            rows: [
              [
                'cutout.session_token',
                'Keeps you signed in. It holds a random session identifier, cannot be read by scripts in the page and is only sent to Cutout.',
                '30 days when "Remember me" is ticked (renewed as you use Cutout); otherwise until you close your browser',
              ],
              [
                'cutout.dont_remember',
                'Remembers that you did not tick "Remember me", so your session ends when you close the browser.',
                'Until you close your browser',
              ],
            ],
          },
        },
        'On secure (HTTPS) connections the names carry the __Secure- prefix, which tells your browser to send them only over encrypted connections.',
      ],
    },
    {
      id: 'local-storage',
      heading: 'Local storage',
      blocks: [
        {
          table: {
            caption: 'Local storage used by Cutout',
            head: ['Key', 'Purpose', 'Duration'],
            rows: [
              [
                'theme',
                'Your choice of Light, Dark or System appearance, so pages open in it without a flash.',
                'Until you change it or clear your browser’s site data',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'no-tracking',
      heading: 'No analytics or advertising cookies',
      blocks: [
        'Cutout does not use analytics, advertising or social-media tracking cookies. The advertisement area shown on the free plan is a placeholder that loads nothing from ad networks.',
      ],
    },
    {
      id: 'third-parties',
      heading: 'Payment provider and bot check',
      blocks: [
        'When you buy credits, you are taken to our card payment provider’s hosted checkout page. That page is on the provider’s own website and may use its own cookies, for example to prevent fraud, under the provider’s cookie policy.',
        'Where the editor shows a bot check, it is Cloudflare Turnstile, loaded in a frame from Cloudflare. It may use its own browser storage to tell people from bots, under Cloudflare’s privacy policy; Cutout does not read it.',
      ],
    },
    {
      id: 'managing',
      heading: 'Managing cookies',
      blocks: [
        'You can see and delete cookies and site data in your browser’s settings, and block cookies altogether. Because our cookies are strictly necessary, blocking them means you cannot sign in; the public pages and your theme choice still work. Signing out deletes the session cookie.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'If we start using other cookies, we will update this policy and its date, and ask for your consent first where the law requires it.',
      ],
    },
  ],
};
