import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge (10 KB gzip on every page): components take extra
 * classes that add to theirs, never ones that fight them (a second text colour, another
 * padding); a real variation is a variant.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
