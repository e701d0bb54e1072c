import { checkoutTexts, paths, pricingTexts, type Plan } from '@cutout/contracts';
import { Building2, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { loadToast } from '../../../lib/toast';
import { enterpriseMailto } from '../enterprise-mail';
import { pricingPageTexts } from '../texts';

function openingEmailClient() {
  void loadToast().then((toast) =>
    toast.info(checkoutTexts.openingEmailTitle, {
      description: checkoutTexts.openingEmailDescription,
    }),
  );
}

/**
 * Enterprise: custom volume, arranged with sales (spec §1). With a contact address in Admin →
 * Business details the button is a real mailto: link signed by the signed-in user; without one
 * (and in the prerendered page) it opens the contact form, never an invented address.
 */
export function EnterpriseSection({
  plan,
  user,
  contactEmail,
}: {
  plan: Plan;
  user: { name: string | null; email: string } | null;
  contactEmail: string | null;
}) {
  const { enterprise } = pricingPageTexts;
  return (
    <section aria-labelledby="enterprise-heading" className="mt-16">
      <Card className="flex flex-col gap-8 border-border p-6 shadow-xs sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <p className="flex items-center gap-2 text-sm font-medium text-primary">
            <Building2 aria-hidden="true" className="size-4" />
            {enterprise.kicker}
          </p>
          <h2 id="enterprise-heading" className="mt-2 text-2xl font-semibold tracking-tight">
            {enterprise.title}
          </h2>
          <p className="mt-2 text-pretty text-muted-foreground">{enterprise.body}</p>
          <ul className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-3 md:items-center">
          <p className="text-3xl font-semibold tracking-tight">{pricingPageTexts.priceCustom}</p>
          <Button asChild size="lg">
            {contactEmail ? (
              <a href={enterpriseMailto(contactEmail, user)} onClick={openingEmailClient}>
                {pricingTexts.contactSales}
              </a>
            ) : (
              <Link to={paths.contact}>{pricingTexts.contactSales}</Link>
            )}
          </Button>
        </div>
      </Card>
    </section>
  );
}
