// Who may do what. Zod-free; the session's schemas are in schemas/session.ts.

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];
