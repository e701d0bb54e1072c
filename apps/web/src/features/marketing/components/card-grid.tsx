import { Card } from '../../../components/ui/card';
import type { ContentCard } from '../types';

/** Cards with an icon, an h3 and a paragraph: the Why, Features and Values grids. */
export function CardGrid({ cards }: { cards: readonly ContentCard[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map(({ id, icon: Icon, title, body }) => (
        <li key={id} className="flex">
          <Card className="flex w-full flex-col gap-4 p-6 shadow-sm shadow-black/[0.03] transition-colors hover:border-primary/30">
            {/* Decorative: the heading names the card. */}
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
            <p className="leading-7 text-muted-foreground">{body}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
