import { paths } from '@cutout/contracts';
import { Link } from 'react-router';
import { faq } from '../content';

export function FaqTab() {
  return (
    <div className="max-w-3xl">
      <h2 className="text-2xl font-semibold tracking-tight">Frequently asked questions</h2>
      <div className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card">
        {faq.map((entry) => (
          <div key={entry.id} className="p-6">
            <h3 className="font-semibold">{entry.question}</h3>
            <div className="mt-2 space-y-2 leading-7 text-muted-foreground">
              {entry.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        ))}
      </div>
      <p className="mt-6 text-muted-foreground">
        Another question?{' '}
        <Link
          to={paths.contact}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Ask us on the contact page
        </Link>
        .
      </p>
    </div>
  );
}
