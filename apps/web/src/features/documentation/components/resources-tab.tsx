import { documentationTexts, paths } from '@cutout/contracts';
import {
  ArrowRight,
  Code,
  CreditCard,
  GraduationCap,
  LifeBuoy,
  Newspaper,
  UserPlus,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { resourcesIntro } from '../content';

const resources: readonly { to: string; icon: LucideIcon; title: string; body: string }[] = [
  {
    to: paths.tutorials,
    icon: GraduationCap,
    title: 'Tutorials',
    body: 'Step-by-step guides from your first cutout to automating a catalogue with the API.',
  },
  {
    to: paths.api,
    icon: Code,
    title: 'API documentation',
    body: 'Ready-to-copy requests in REST, JavaScript and Python.',
  },
  {
    to: paths.editor,
    icon: WandSparkles,
    title: 'Try the editor',
    body: 'Upload an image, paste a URL or pick a sample and see the three results.',
  },
  {
    to: paths.signUpAlias,
    icon: UserPlus,
    title: 'Create an account',
    body: 'Get free credits, a dashboard with your usage, batch processing and API keys.',
  },
  {
    to: paths.blog,
    icon: Newspaper,
    title: 'Blog',
    body: 'Guides, product news and tips for cleaner cutouts.',
  },
  {
    to: paths.pricing,
    icon: CreditCard,
    title: 'Pricing',
    body: 'One-time credit packs, one credit per image.',
  },
];

export function ResourcesTab() {
  return (
    <div>
      <h2 className="text-2xl font-semibold tracking-tight">Resources</h2>
      <p className="mt-3 text-lg text-muted-foreground">{resourcesIntro}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {resources.map(({ to, icon: Icon, title, body }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-border bg-card p-5 transition-colors outline-none hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon aria-hidden="true" className="size-5 text-primary" />
              <span className="mt-3 flex items-center gap-1.5 font-semibold">
                {title}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 opacity-0 transition-opacity group-hover:opacity-100"
                />
              </span>
              <span className="mt-1 text-sm leading-6 text-muted-foreground">{body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="support-heading"
        className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-primary/25 bg-primary/[0.06] p-6 sm:flex-row sm:items-center"
      >
        <LifeBuoy aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <div className="flex-1">
          <h3 id="support-heading" className="font-semibold">
            Need a hand?
          </h3>
          <p className="mt-1 text-muted-foreground">
            Tell us what you are trying to do and what happened; we answer every message.
          </p>
        </div>
        <Button asChild>
          <Link to={paths.contact}>{documentationTexts.contactSupport}</Link>
        </Button>
      </section>
    </div>
  );
}
