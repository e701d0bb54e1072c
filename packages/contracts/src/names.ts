// People's names as Cutout stores and shows them (issue 36): no control characters (line breaks,
// tabs, escapes) and no bidirectional overrides, embeddings or isolates, which could make a
// name read backwards or reorder the text around it in the admin's lists and in mails. Applied
// by the name schemas the server validates with, and by the migration that cleaned the names
// stored before. Zod-free: the server's migration imports it.

// C0 and C1 controls, and the Unicode line and paragraph separators: each becomes a space.
const BREAKS = /[\p{Cc}\u2028\u2029]/gu;
// Bidi marks, embeddings, overrides and isolates: removed.
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The name with controls turned into spaces, bidi controls removed, spaces collapsed, trimmed. */
export function cleanPersonName(name: string): string {
  return name.replace(BIDI, '').replace(BREAKS, ' ').replace(/\s+/gu, ' ').trim();
}
