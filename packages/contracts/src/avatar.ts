// Kept apart from the zod schemas so pages that only show an avatar do not load zod.

/**
 * Avatar initials (spec §2 Navigation): initials of the name, or the first two letters of the
 * e-mail when there is no name.
 */
export function avatarInitials(user: { name: string | null; email: string }): string {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return user.email.slice(0, 2).toUpperCase();
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toUpperCase();
}
