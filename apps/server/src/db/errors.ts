// Recognises a unique-constraint violation on either dialect, so services can turn a lost race
// (two sign-ups with one e-mail, a job charged twice) into a clear 409 instead of a 500.
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
