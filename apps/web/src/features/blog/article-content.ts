/** One block of an article's body. Plain text only: nothing is inserted as HTML. */
export type ArticleBlock =
  | { type: 'p'; text: string }
  | { type: 'h2'; text: string }
  | { type: 'ul' | 'ol'; items: readonly string[] }
  | { type: 'tip'; title: string; text: string }
  | { type: 'code'; label: string; code: string };

export type ArticleBody = readonly ArticleBlock[];

/** Words a reader reads, for the stated read time (about 200 words a minute). */
export function wordCount(body: ArticleBody): number {
  const texts = body.flatMap((block) => {
    switch (block.type) {
      case 'ul':
      case 'ol':
        return block.items;
      case 'tip':
        return [block.title, block.text];
      case 'code':
        return [block.label, block.code];
      default:
        return [block.text];
    }
  });
  return texts.join(' ').split(/\s+/).filter(Boolean).length;
}
