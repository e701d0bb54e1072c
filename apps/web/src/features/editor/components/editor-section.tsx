import { homeTexts, siteTexts } from '@cutout/contracts';
import { ImageUp } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** The home page's editor (spec §2 "Editor"), anchored at #editor. */
export function EditorSection() {
  return (
    <section
      id="editor"
      aria-labelledby="editor-heading"
      className="border-t border-border bg-subtle"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="editor-heading" className="text-center text-3xl font-semibold tracking-tight">
          {homeTexts.editorHeading}
        </h2>
        <div className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border-2 border-dashed border-border bg-card px-6 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ImageUp aria-hidden="true" className="size-6" />
          </span>
          <Badge variant="outline">{siteTexts.comingSoon}</Badge>
          <p className="max-w-md text-pretty text-muted-foreground">{homeTexts.editorComingSoon}</p>
        </div>
      </div>
    </section>
  );
}
