import type { LucideIcon } from 'lucide-react';

/** A card with an icon, a heading and a paragraph: Why, Features and Values. */
export type ContentCard = { id: string; icon: LucideIcon; title: string; body: string };
