/** `Name: value` lines of the facts an admin mail reports; empty facts are left out. */
export const factLines = (facts: Record<string, string | number | null | undefined>) =>
  Object.entries(facts)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`);
