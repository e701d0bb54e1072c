import { pageTexts } from '@cutout/contracts';
import { Code2, LifeBuoy, Building2 } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { contactUiTexts } from '../texts';
import { ContactForm } from './contact-form';

const topicIcons = [LifeBuoy, Building2, Code2] as const;

/** /contact (spec §2 Contact): intro, the message form and four questions. */
export function ContactPage() {
  const t = contactUiTexts;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <div>
          <p className="text-sm font-semibold text-primary">{pageTexts.contact.title}</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {t.heading}
          </h1>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">{t.intro}</p>
          <ul className="mt-8 grid gap-3">
            {t.topics.map((topic, index) => {
              const Icon = topicIcons[index] ?? LifeBuoy;
              return (
                <li key={topic.title} className="flex gap-3 rounded-xl border bg-card p-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon aria-hidden="true" className="size-4.5" />
                  </span>
                  <div>
                    <p className="text-sm font-semibold">{topic.title}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{topic.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <Card className="p-6 shadow-lg shadow-black/[0.03] sm:p-8 dark:shadow-black/30">
          <h2 className="text-xl font-semibold tracking-tight">{t.formHeading}</h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </Card>
      </div>

      <section aria-labelledby="contact-faq" className="mt-20">
        <h2 id="contact-faq" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t.faqHeading}
        </h2>
        <dl className="mt-8 grid gap-x-10 gap-y-8 md:grid-cols-2">
          {t.faq.map((item) => (
            <div key={item.question}>
              <dt className="font-semibold text-pretty">{item.question}</dt>
              <dd className="mt-2 text-sm leading-6 text-pretty text-muted-foreground">
                {item.answer}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
