// What the payments routes share: a page's parameters as an offset (the schemas are in the
// endpoint contracts, packages/contracts/src/schemas/endpoints/payments.ts).

export const pageOf = (query: { page: number; per_page: number }) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});
