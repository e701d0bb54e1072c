import { createHash } from 'node:crypto';
import {
  ColumnNode,
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ReferenceNode,
  ValueListNode,
  ValueNode,
  type BinaryOperationNode,
  type ColumnUpdateNode,
  type InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValuesNode,
} from 'kysely';

// Sessions are stored as the SHA-256 of their tokens (issue 17, decision 0101), so a copy of
// the database gives no working session. better-auth 1.7 has no option for it: it writes and
// looks sessions up by the raw token through its Kysely adapter. This plugin sits on the Kysely
// instance better-auth uses and, in every query on `sessions`, replaces each token value the
// query carries (an inserted row, a `token = ?` / `in (…)` condition, an update) by its hash;
// rows coming back carry the token the caller gave, never the hash. A token the caller did not
// give cannot be turned back: a listing of sessions returns their hashes, and a hash sent back
// as a token is hashed again and matches nothing.
//
// Our own queries on sessions go through `hashSessionToken` (accounts/users repositories).

const TABLE = 'sessions';
const COLUMN = 'token';

/** What the database keeps of a session token: its SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether the query reads or writes `sessions` anywhere (better-auth nests it in subqueries). */
function mentionsSessions(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(mentionsSessions);
  if (typeof node !== 'object' || node === null) return false;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name === TABLE) return true;
  return Object.values(node).some(mentionsSessions);
}

/** `token`, or `sessions.token` (only sessions has a token column; another table's is left). */
function isTokenColumn(node: OperationNode): boolean {
  if (ReferenceNode.is(node)) {
    const table = node.table?.table.identifier.name;
    if (table !== undefined && table !== TABLE) return false;
    return ColumnNode.is(node.column) && node.column.column.name === COLUMN;
  }
  return ColumnNode.is(node) && node.column.name === COLUMN;
}

class TokenHasher extends OperationNodeTransformer {
  constructor(private readonly originals: Map<string, string>) {
    super();
  }

  private hash(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    const hashed = hashSessionToken(value);
    this.originals.set(hashed, value);
    return hashed;
  }

  private hashNode(node: OperationNode): OperationNode {
    if (ValueNode.is(node)) return ValueNode.create(this.hash(node.value));
    if (PrimitiveValueListNode.is(node)) {
      return PrimitiveValueListNode.create(node.values.map((v) => this.hash(v)));
    }
    if (ValueListNode.is(node))
      return ValueListNode.create(node.values.map((v) => this.hashNode(v)));
    return node;
  }

  protected override transformBinaryOperation(
    node: BinaryOperationNode,
    queryId?: QueryId,
  ): BinaryOperationNode {
    const done = super.transformBinaryOperation(node, queryId);
    if (!isTokenColumn(done.leftOperand)) return done;
    return { ...done, rightOperand: this.hashNode(done.rightOperand) };
  }

  protected override transformColumnUpdate(
    node: ColumnUpdateNode,
    queryId?: QueryId,
  ): ColumnUpdateNode {
    const done = super.transformColumnUpdate(node, queryId);
    if (!isTokenColumn(done.column)) return done;
    return { ...done, value: this.hashNode(done.value) };
  }

  protected override transformInsertQuery(
    node: InsertQueryNode,
    queryId?: QueryId,
  ): InsertQueryNode {
    const done = super.transformInsertQuery(node, queryId);
    const index = done.columns?.findIndex((c) => c.column.name === COLUMN) ?? -1;
    if (index < 0 || !done.values) return done;
    const values = done.values as ValuesNode;
    if (values.kind !== 'ValuesNode') return done;
    const rows: ValuesNode = {
      ...values,
      values: values.values.map((row) => {
        if (PrimitiveValueListNode.is(row)) {
          return PrimitiveValueListNode.create(
            row.values.map((v, i) => (i === index ? this.hash(v) : v)),
          );
        }
        return ValueListNode.create(row.values.map((v, i) => (i === index ? this.hashNode(v) : v)));
      }),
    };
    return { ...done, values: rows };
  }
}

export class SessionTokenHashPlugin implements KyselyPlugin {
  // Per query: hash → the token the caller gave, to put back into the rows that come back.
  readonly #originals = new WeakMap<QueryId, Map<string, string>>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (!mentionsSessions(args.node)) return args.node;
    const originals = new Map<string, string>();
    const node = new TokenHasher(originals).transformNode(args.node);
    if (originals.size > 0) this.#originals.set(args.queryId, originals);
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const originals = this.#originals.get(args.queryId);
    if (!originals) return args.result;
    this.#originals.delete(args.queryId);
    const rows = args.result.rows.map((row) => {
      const token = row[COLUMN];
      return typeof token === 'string' && originals.has(token)
        ? { ...row, [COLUMN]: originals.get(token) }
        : row;
    });
    return { ...args.result, rows };
  }
}
