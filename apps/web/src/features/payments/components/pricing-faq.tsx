import { ChevronDown } from 'lucide-react';
import { pricingPageTexts } from '../texts';

/** Native disclosure widgets: keyboard- and screen-reader-friendly, and no script to load. */
export function PricingFaq() {
  const { faq } = pricingPageTexts;
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-24 w-full max-w-3xl">
      <h2 id="faq-heading" className="text-center text-3xl font-semibold tracking-tight">
        {faq.title}
      </h2>
      <div className="mt-10 divide-y divide-border rounded-2xl border border-border bg-card">
        {faq.items.map((item) => (
          <details key={item.question} className="group px-5 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="pb-5 text-pretty text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
