import { Card } from '../../../components/ui/card';
import type { ContentCard } from '../content';
import { ContentIcon } from './content-icon';

/** Cards with an icon, an h3 and a paragraph: the Why, Features and Values grids. */
export function CardGrid({ cards }: { cards: readonly ContentCard[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id} className="flex">
          <Card className="flex w-full flex-col gap-4 p-6 shadow-sm shadow-black/[0.03] transition-colors hover:border-primary/30">
            <ContentIcon name={card.icon} />
            <h3 className="text-lg font-semibold tracking-tight">{card.title}</h3>
            <p className="leading-7 text-muted-foreground">{card.body}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
