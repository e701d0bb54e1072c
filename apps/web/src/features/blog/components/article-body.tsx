import { Lightbulb } from 'lucide-react';
import type { ArticleBody } from '../article-content';

/** An article's text, block by block; plain text only, never inserted as HTML. */
export function ArticleBodyView({ body }: { body: ArticleBody }) {
  return (
    <div className="text-base leading-7 text-foreground/90 sm:text-[1.0625rem] sm:leading-8">
      {body.map((block, index) => {
        switch (block.type) {
          case 'h2':
            return (
              <h2
                key={index}
                className="mt-10 mb-3 text-xl font-semibold tracking-tight text-foreground sm:text-2xl"
              >
                {block.text}
              </h2>
            );
          case 'p':
            return (
              <p key={index} className="mt-4 text-pretty">
                {block.text}
              </p>
            );
          case 'ul':
          case 'ol': {
            const List = block.type;
            return (
              <List
                key={index}
                className={`mt-4 grid gap-2 pl-6 ${block.type === 'ul' ? 'list-disc' : 'list-decimal'} marker:text-primary`}
              >
                {block.items.map((item) => (
                  <li key={item} className="pl-1 text-pretty">
                    {item}
                  </li>
                ))}
              </List>
            );
          }
          case 'tip':
            return (
              <aside
                key={index}
                className="mt-6 flex gap-3 rounded-xl border border-primary/20 bg-primary/5 p-4 text-sm leading-6 sm:text-base sm:leading-7"
              >
                <Lightbulb aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-semibold text-foreground">{block.title}</p>
                  <p className="mt-1 text-pretty">{block.text}</p>
                </div>
              </aside>
            );
          case 'code':
            return (
              <figure key={index} className="mt-6">
                <figcaption className="mb-2 text-xs font-medium text-muted-foreground">
                  {block.label}
                </figcaption>
                <pre
                  tabIndex={0}
                  className="overflow-x-auto rounded-xl border bg-slate-950 p-4 text-[0.8125rem] leading-6 text-slate-100 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <code className="font-mono">{block.code}</code>
                </pre>
              </figure>
            );
        }
      })}
    </div>
  );
}
