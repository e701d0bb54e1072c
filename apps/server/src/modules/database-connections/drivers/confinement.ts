import { loadModule, parsePlPgSQLSync, parseSync } from 'libpg-query';
import { databaseConfigTexts } from '@cutout/contracts';
import { DriverError, type QueryOptions } from './driver.js';

// What a console statement would reach outside its database (decision 0266): the server's files,
// its programs, the network, other sessions. A read-only transaction stops none of these (a
// superuser's `COPY … TO PROGRAM` runs in one), so they are found in the statement before it
// runs, by parsing it: PostgreSQL with its own parser (libpg-query, the server's grammar built to
// WASM), MySQL/MariaDB and SQL Server with node-sql-parser plus a scan of every token (their
// grammars there are incomplete; the token scan sees every identifier whatever the grammar).
// Quoting, case, comments, escapes and dollar quoting are the parser's business, so none of them
// hides a name. A statement that cannot be parsed, or runs SQL built at run time (EXECUTE of a
// string, PREPARE, query_to_xml), cannot be checked and is reported as such.

/** What was found: a named reach outside, or a reason the statement could not be checked. */
export type Finding = { kind: 'outside'; what: string } | { kind: 'unchecked'; why: string };

export interface Inspection {
  finding: Finding | null;
  /** A DO block (PostgreSQL): checked like the rest, yet never run read-only. */
  doBlock: boolean;
  /** Relations the statement names (PostgreSQL), for the driver's foreign-table check. */
  relations: string[];
}

const clean: Inspection = { finding: null, doBlock: false, relations: [] };

// ---------------------------------------------------------------- PostgreSQL

/** Functions that reach the server's files, programs, network or other sessions, with a name. */
const PG_FUNCTIONS = new Map<string, string>([
  ['pg_read_file', 'pg_read_file'],
  ['pg_read_binary_file', 'pg_read_binary_file'],
  ['pg_stat_file', 'pg_stat_file'],
  ['pg_ls_dir', 'pg_ls_dir'],
  ['pg_ls_logdir', 'pg_ls_logdir'],
  ['pg_ls_waldir', 'pg_ls_waldir'],
  ['pg_ls_tmpdir', 'pg_ls_tmpdir'],
  ['pg_ls_archive_statusdir', 'pg_ls_archive_statusdir'],
  ['pg_ls_logicalsnapdir', 'pg_ls_logicalsnapdir'],
  ['pg_ls_logicalmapdir', 'pg_ls_logicalmapdir'],
  ['pg_ls_replslotdir', 'pg_ls_replslotdir'],
  ['pg_ls_summariesdir', 'pg_ls_summariesdir'],
  ['pg_file_write', 'pg_file_write'],
  ['pg_file_rename', 'pg_file_rename'],
  ['pg_file_unlink', 'pg_file_unlink'],
  ['pg_file_sync', 'pg_file_sync'],
  ['pg_logdir_ls', 'pg_logdir_ls'],
  ['lo_import', 'lo_import'],
  ['lo_export', 'lo_export'],
  ['pg_terminate_backend', 'pg_terminate_backend'],
  ['pg_cancel_backend', 'pg_cancel_backend'],
  ['pg_reload_conf', 'pg_reload_conf'],
  ['pg_rotate_logfile', 'pg_rotate_logfile'],
  ['pg_promote', 'pg_promote'],
]);

/** Functions that run SQL given as a string: what they run cannot be seen before. */
const PG_DYNAMIC_FUNCTIONS = new Set([
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'ts_stat',
]);

/** Statements that reach outside by what they are, named as the admin would type them. */
const PG_STATEMENTS = new Map<string, string>([
  ['CreateFdwStmt', 'CREATE FOREIGN DATA WRAPPER'],
  ['AlterFdwStmt', 'ALTER FOREIGN DATA WRAPPER'],
  ['CreateForeignServerStmt', 'CREATE SERVER (a foreign data wrapper)'],
  ['AlterForeignServerStmt', 'ALTER SERVER (a foreign data wrapper)'],
  ['CreateForeignTableStmt', 'CREATE FOREIGN TABLE'],
  ['ImportForeignSchemaStmt', 'IMPORT FOREIGN SCHEMA'],
  ['CreateUserMappingStmt', 'CREATE USER MAPPING'],
  ['AlterUserMappingStmt', 'ALTER USER MAPPING'],
  ['CreateExtensionStmt', 'CREATE EXTENSION'],
  ['CreatePLangStmt', 'CREATE LANGUAGE'],
  ['LoadStmt', 'LOAD (a server library)'],
  ['AlterSystemStmt', 'ALTER SYSTEM'],
  ['CreateTableSpaceStmt', 'CREATE TABLESPACE'],
  ['CreateSubscriptionStmt', 'CREATE SUBSCRIPTION'],
  ['AlterSubscriptionStmt', 'ALTER SUBSCRIPTION'],
]);

let pgReady: Promise<void> | undefined;

/** Inspects one PostgreSQL console statement (it may be several; the server refuses those). */
export async function inspectPostgresql(statement: string): Promise<Inspection> {
  pgReady ??= loadModule();
  await pgReady;
  const state: PgState = { finding: null, doBlock: false, relations: new Set() };
  inspectPgSql(statement, state, 0);
  return { finding: state.finding, doBlock: state.doBlock, relations: [...state.relations] };
}

interface PgState {
  finding: Finding | null;
  doBlock: boolean;
  relations: Set<string>;
}

/** Bodies inside bodies (a DO block creating a function…) are followed this deep. */
const MAX_DEPTH = 4;

function inspectPgSql(sql: string, state: PgState, depth: number): void {
  if (state.finding) return;
  if (depth > MAX_DEPTH) {
    state.finding = { kind: 'unchecked', why: 'bodies nested too deep' };
    return;
  }
  let tree: unknown;
  try {
    tree = parseSync(sql);
  } catch (error) {
    state.finding = { kind: 'unchecked', why: `PostgreSQL's parser: ${messageOf(error)}` };
    return;
  }
  walkPg(tree, state, depth, sql);
}

function walkPg(node: unknown, state: PgState, depth: number, source: string): void {
  if (state.finding || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walkPg(item, state, depth, source);
    return;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (state.finding) return;
    // String literals hold no names: a literal 'pg_read_file' is only text.
    if (key === 'A_Const') continue;
    const named = PG_STATEMENTS.get(key);
    if (named) {
      state.finding = { kind: 'outside', what: named };
      return;
    }
    if (key === 'String') {
      // Identifiers: function names, and names given as options (CREATE OPERATOR's function,
      // CREATE CAST's) — any identifier equal to a listed function is refused.
      const { sval } = value as { sval?: unknown };
      if (typeof sval === 'string') checkPgName(sval, state);
      continue;
    }
    if (key === 'CopyStmt') checkCopy(value as PgCopy, state);
    if (key === 'RangeVar') {
      const v = value as { schemaname?: string; relname?: string };
      if (v.relname) state.relations.add(v.schemaname ? `${v.schemaname}.${v.relname}` : v.relname);
    }
    if (key === 'DoStmt') {
      state.doBlock = true;
      checkBody(value as { args?: unknown }, 'args', 'plpgsql', state, depth, null);
      if (state.finding) return;
    }
    if (key === 'CreateFunctionStmt') {
      checkBody(value as { options?: unknown }, 'options', 'sql', state, depth, source);
      if (state.finding) return;
    }
    walkPg(value, state, depth, source);
  }
}

function checkPgName(name: string, state: PgState): void {
  const lower = name.toLowerCase();
  const named = PG_FUNCTIONS.get(lower);
  if (named) state.finding = { kind: 'outside', what: named };
  else if (lower.startsWith('dblink'))
    state.finding = { kind: 'outside', what: `dblink (${lower})` };
  else if (PG_DYNAMIC_FUNCTIONS.has(lower)) {
    state.finding = { kind: 'unchecked', why: `${lower} runs SQL given as a string` };
  }
}

interface PgCopy {
  filename?: string;
  is_program?: boolean;
  is_from?: boolean;
}

function checkCopy(copy: PgCopy, state: PgState): void {
  const direction = copy.is_from ? 'FROM' : 'TO';
  if (copy.is_program) state.finding = { kind: 'outside', what: `COPY … ${direction} PROGRAM` };
  else if (copy.filename !== undefined) {
    state.finding = { kind: 'outside', what: `COPY … ${direction} a server file` };
  }
}

/** Reads a DO block's or a function's body and language, and inspects the body. */
function checkBody(
  stmt: { args?: unknown; options?: unknown },
  key: 'args' | 'options',
  defaultLanguage: string,
  state: PgState,
  depth: number,
  /** The text holding a CREATE FUNCTION: PL/pgSQL's parser reads it whole (its return type). */
  source: string | null,
): void {
  let language = defaultLanguage;
  let body: string | undefined;
  for (const item of (stmt[key] as { DefElem?: PgDefElem }[] | undefined) ?? []) {
    const def = item.DefElem;
    if (!def) continue;
    if (def.defname === 'language') language = stringOf(def.arg)?.toLowerCase() ?? language;
    if (def.defname === 'as') body = stringOf(def.arg);
  }
  // A function with an SQL-standard body (BEGIN ATOMIC / RETURN) has no 'as': the walk sees it.
  if (body === undefined) return;
  if (language === 'sql') inspectPgSql(body, state, depth + 1);
  else if (language === 'plpgsql') inspectPlpgsql(body, source, state, depth + 1);
  else state.finding = { kind: 'unchecked', why: `a body in language ${language}` };
}

interface PgDefElem {
  defname?: string;
  arg?: unknown;
}

/** The text of a String node, or of the first in a List (a function's AS 'body'). */
function stringOf(arg: unknown): string | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as { String?: { sval?: string }; List?: { items?: unknown[] } };
  if (a.String) return a.String.sval ?? '';
  if (a.List?.items?.[0]) return stringOf(a.List.items[0]);
  return undefined;
}

/** PL/pgSQL: its own parser; every SQL it holds is inspected, and dynamic SQL refused. */
function inspectPlpgsql(body: string, source: string | null, state: PgState, depth: number): void {
  // The parser reads whole CREATE FUNCTION statements: a DO block's body becomes one returning
  // nothing, dollar-quoted with a tag the body lacks.
  let tag = 'cutout';
  while (body.includes(`$${tag}$`)) tag += 'x';
  let tree: unknown;
  try {
    tree = parsePlPgSQLSync(
      source ??
        `CREATE FUNCTION cutout_check() RETURNS void LANGUAGE plpgsql AS $${tag}$${body}$${tag}$`,
    );
  } catch (error) {
    state.finding = { kind: 'unchecked', why: `the PL/pgSQL parser: ${messageOf(error)}` };
    return;
  }
  walkPlpgsql(tree, state, depth);
}

const PLPGSQL_DYNAMIC = new Set(['PLpgSQL_stmt_dynexecute', 'PLpgSQL_stmt_dynfors']);

function walkPlpgsql(node: unknown, state: PgState, depth: number): void {
  if (state.finding || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walkPlpgsql(item, state, depth);
    return;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (state.finding) return;
    if (PLPGSQL_DYNAMIC.has(key) || key === 'dynquery') {
      state.finding = { kind: 'unchecked', why: 'dynamic SQL (EXECUTE of a string)' };
      return;
    }
    if (key === 'PLpgSQL_expr') {
      const { query, parseMode } = value as { query?: string; parseMode?: number };
      if (typeof query === 'string') inspectPlpgsqlExpr(query, parseMode ?? 0, state, depth);
      continue;
    }
    walkPlpgsql(value, state, depth);
  }
}

/**
 * An SQL text inside PL/pgSQL, by how the server parses it (its RawParseMode): 0 a statement,
 * 2 an expression, 3–5 an assignment `target := expression`.
 */
function inspectPlpgsqlExpr(query: string, mode: number, state: PgState, depth: number): void {
  if (mode === 0) return inspectPgSql(query, state, depth);
  if (mode === 2) return inspectPgSql(`SELECT ${query}`, state, depth);
  const at = query.search(/:=|=/);
  if (at < 0) {
    state.finding = { kind: 'unchecked', why: `a PL/pgSQL assignment "${query.slice(0, 60)}"` };
    return;
  }
  const rest = query.slice(at + (query[at] === ':' ? 2 : 1));
  return inspectPgSql(`SELECT ${rest}`, state, depth);
}

// ---------------------------------------------------------------- MySQL, MariaDB, SQL Server

interface Token {
  /** word: unquoted name or keyword; name: quoted identifier; string; symbol; variable (@…). */
  type: 'word' | 'name' | 'string' | 'symbol' | 'variable';
  /** Upper-cased text without quotes. */
  text: string;
}

interface Lexed {
  tokens: Token[];
  /** MySQL's executable comments (/*! … *\/, /*M! … *\/) run what they hold. */
  executableComment: boolean;
}

/**
 * MySQL's lexical rules: `#` and `-- ` comments, `/* *\/` (with `/*!` executable), '…' and "…"
 * strings with backslash escapes (or, with NO_BACKSLASH_ESCAPES, without: both are scanned), and
 * `…` identifiers.
 */
export function lexMysql(sql: string, backslashEscapes: boolean): Lexed {
  const tokens: Token[] = [];
  let executableComment = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '#' || (c === '-' && sql[i + 1] === '-' && /[\s]|^$/.test(sql[i + 2] ?? ''))) {
      while (i < n && sql[i] !== '\n') i += 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      if (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))
        executableComment = true;
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      const { text, next } = quoted(sql, i, c, backslashEscapes && c !== '`');
      tokens.push({ type: c === '`' ? 'name' : 'string', text: text.toUpperCase() });
      i = next;
    } else if (c === '@') {
      let j = i + 1;
      while (j < n && /[@\w$.]/.test(sql[j] as string)) j += 1;
      tokens.push({ type: 'variable', text: sql.slice(i, j).toUpperCase() });
      i = j;
    } else if (/[\w$\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$\u0080-\uffff]/.test(sql[j] as string)) j += 1;
      tokens.push({ type: 'word', text: sql.slice(i, j).toUpperCase() });
      i = j;
    } else {
      tokens.push({ type: 'symbol', text: c });
      i += 1;
    }
  }
  return { tokens, executableComment };
}

/** T-SQL's lexical rules: `--` and nested `/* *\/` comments, '…' strings, […] and "…" names. */
export function lexTsql(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i += 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      let level = 0;
      while (i < n) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          level += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          level -= 1;
          i += 2;
          if (level === 0) break;
        } else i += 1;
      }
    } else if (c === "'" || c === '"') {
      const { text, next } = quoted(sql, i, c, false);
      tokens.push({ type: c === '"' ? 'name' : 'string', text: text.toUpperCase() });
      i = next;
    } else if (c === '[') {
      const { text, next } = quoted(sql, i, ']', false);
      tokens.push({ type: 'name', text: text.toUpperCase() });
      i = next;
    } else if (/[\w@#$\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w@#$\u0080-\uffff]/.test(sql[j] as string)) j += 1;
      tokens.push({ type: 'word', text: sql.slice(i, j).toUpperCase() });
      i = j;
    } else {
      tokens.push({ type: 'symbol', text: c });
      i += 1;
    }
  }
  return tokens;
}

/** A quoted run from `start` (its opening character) to its closing `close`, doubled = literal. */
function quoted(
  sql: string,
  start: number,
  close: string,
  backslash: boolean,
): { text: string; next: number } {
  let text = '';
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (backslash && c === '\\') {
      text += sql[i + 1] ?? '';
      i += 2;
    } else if (c === close) {
      if (sql[i + 1] === close) {
        text += close;
        i += 2;
      } else return { text, next: i + 1 };
    } else {
      text += c;
      i += 1;
    }
  }
  return { text, next: i };
}

const MYSQL_FUNCTIONS = new Map([
  ['LOAD_FILE', 'LOAD_FILE'],
  ['SYS_EXEC', 'sys_exec'],
  ['SYS_EVAL', 'sys_eval'],
]);

/** The named reach of MySQL tokens, in the order they appear. */
function mysqlTokenFinding(tokens: Token[]): Finding | null {
  const at = (k: number) => tokens[k]?.text ?? '';
  const isWord = (k: number, ...words: string[]) =>
    tokens[k]?.type === 'word' && words.includes(at(k));
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.type === 'word' || t.type === 'name') {
      const fn = MYSQL_FUNCTIONS.get(t.text);
      if (fn) return { kind: 'outside', what: fn };
    }
    if (t.type !== 'word') {
      if (t.type === 'variable' && /^@@(GLOBAL|PERSIST)/.test(t.text)) {
        return { kind: 'outside', what: 'SET GLOBAL (a server-wide setting)' };
      }
      continue;
    }
    if (t.text === 'LOAD' && isWord(k + 1, 'DATA', 'XML')) {
      return { kind: 'outside', what: `LOAD ${at(k + 1)}` };
    }
    if (t.text === 'INTO' && isWord(k + 1, 'OUTFILE', 'DUMPFILE')) {
      return { kind: 'outside', what: `SELECT … INTO ${at(k + 1)}` };
    }
    if (t.text === 'INSTALL' && isWord(k + 1, 'PLUGIN', 'SONAME')) {
      return { kind: 'outside', what: `INSTALL ${at(k + 1)}` };
    }
    if (k === 0 && ['KILL', 'SHUTDOWN', 'RESTART'].includes(t.text)) {
      return { kind: 'outside', what: t.text };
    }
    if (
      t.text === 'SET' &&
      tokens
        .slice(k + 1)
        .some((u) => u.type === 'word' && /^(GLOBAL|PERSIST|PERSIST_ONLY)$/.test(u.text))
    ) {
      return { kind: 'outside', what: 'SET GLOBAL (a server-wide setting)' };
    }
    if (t.text === 'ENGINE') {
      const engine = tokens.slice(k + 1, k + 3).find((u) => u.type !== 'symbol');
      if (engine && ['CONNECT', 'FEDERATED'].includes(engine.text)) {
        return { kind: 'outside', what: `the ${engine.text} engine` };
      }
    }
    if (isWord(k, 'DATA', 'INDEX') && isWord(k + 1, 'DIRECTORY')) {
      return { kind: 'outside', what: `${t.text} DIRECTORY` };
    }
    if (t.text === 'CREATE' && isWord(k + 1, 'SERVER')) {
      return { kind: 'outside', what: 'CREATE SERVER' };
    }
    if (t.text === 'PREPARE' || t.text === 'EXECUTE') {
      return { kind: 'unchecked', why: 'dynamic SQL (PREPARE / EXECUTE)' };
    }
  }
  return null;
}

// node-sql-parser's dialect builds are large (MariaDB's about 1 MB of JavaScript): each is loaded
// with the first statement of its kind, not at the server's start. CommonJS modules, so their
// default export is the module.
let mariadbParser: Promise<{ astify(sql: string, options: object): unknown }> | undefined;
let tsqlParser: Promise<{ astify(sql: string, options: object): unknown }> | undefined;
const loadMariadb = () =>
  (mariadbParser ??= import('node-sql-parser/build/mariadb.js').then(
    (m) => new m.default.Parser(),
  ));
const loadTsql = () =>
  (tsqlParser ??= import('node-sql-parser/build/transactsql.js').then(
    (m) => new m.default.Parser(),
  ));

/** Inspects one MySQL/MariaDB console statement. */
export async function inspectMysql(statement: string): Promise<Inspection> {
  for (const backslash of [true, false]) {
    const { tokens, executableComment } = lexMysql(statement, backslash);
    if (executableComment) {
      return { ...clean, finding: { kind: 'unchecked', why: 'an executable comment /*! … */' } };
    }
    const finding = mysqlTokenFinding(tokens);
    if (finding) return { ...clean, finding };
  }
  // MariaDB's `SET STATEMENT var = value, … FOR <statement>`: the parser lacks it; the
  // settings were scanned above, the statement is parsed.
  const forStatement = /^\s*SET\s+STATEMENT\b[\s\S]*?\bFOR\b([\s\S]*)$/i.exec(statement);
  const text = forStatement ? (forStatement[1] as string) : statement;
  try {
    const ast = (await loadMariadb()).astify(text, { database: 'MariaDB' });
    const finding = sqlParserFinding(ast);
    return { ...clean, finding };
  } catch (error) {
    // node-sql-parser lacks some statements that carry no query (SET ROLE, ALTER TABLE … ADD
    // FOREIGN KEY, ANALYZE TABLE, CREATE PROCEDURE): by their first word they are known, and
    // the token scan above saw every name in them. A query or a change of rows must parse.
    const first = lexMysql(text, true).tokens[0];
    if (first?.type === 'word' && MYSQL_KINDS_WITHOUT_QUERY.has(first.text)) return clean;
    return {
      ...clean,
      finding: { kind: 'unchecked', why: `node-sql-parser: ${messageOf(error)}` },
    };
  }
}

/** First words of statements that hold no query of their own (see inspectMysql). */
const MYSQL_KINDS_WITHOUT_QUERY = new Set([
  'ALTER',
  'ANALYZE',
  'CHECK',
  'CHECKSUM',
  'CREATE',
  'DROP',
  'FLUSH',
  'GRANT',
  'OPTIMIZE',
  'RENAME',
  'REPAIR',
  'REVOKE',
  'SET',
  'SHOW',
]);

/** The parser's view: a load_data statement, INTO OUTFILE/DUMPFILE, a listed function. */
function sqlParserFinding(node: unknown): Finding | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = sqlParserFinding(item);
      if (found) return found;
    }
    return null;
  }
  const n = node as Record<string, unknown>;
  if (n.type === 'load_data') return { kind: 'outside', what: 'LOAD DATA' };
  if (
    n.type === 'into' &&
    typeof n.keyword === 'string' &&
    /^(outfile|dumpfile)$/i.test(n.keyword)
  ) {
    return { kind: 'outside', what: `SELECT … INTO ${n.keyword.toUpperCase()}` };
  }
  for (const value of Object.values(n)) {
    const found = sqlParserFinding(value);
    if (found) return found;
  }
  return null;
}

const TSQL_NAMED = new Map([
  ['OPENROWSET', 'OPENROWSET'],
  ['OPENDATASOURCE', 'OPENDATASOURCE'],
  ['OPENQUERY', 'OPENQUERY (a linked server)'],
  ['SP_OACREATE', 'sp_OACreate'],
  ['SP_OAMETHOD', 'sp_OAMethod'],
  ['SP_EXECUTE_EXTERNAL_SCRIPT', 'sp_execute_external_script'],
  ['SP_CONFIGURE', 'sp_configure'],
  ['SP_ADDLINKEDSERVER', 'sp_addlinkedserver'],
  ['RECONFIGURE', 'RECONFIGURE'],
  ['SHUTDOWN', 'SHUTDOWN'],
]);

/** Inspects one SQL Server console statement (no server here: unit-tested only). */
export async function inspectSqlserver(statement: string): Promise<Inspection> {
  const tokens = lexTsql(statement);
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as Token;
    if (t.type !== 'word' && t.type !== 'name') continue;
    // Extended stored procedures (xp_cmdshell, xp_dirtree, xp_regread, …), schema-qualified or not.
    if (t.text.startsWith('XP_'))
      return { ...clean, finding: { kind: 'outside', what: t.text.toLowerCase() } };
    const named = TSQL_NAMED.get(t.text);
    if (named) return { ...clean, finding: { kind: 'outside', what: named } };
    if (t.type !== 'word') continue;
    if (t.text === 'BULK' && tokens[k + 1]?.text === 'INSERT') {
      return { ...clean, finding: { kind: 'outside', what: 'BULK INSERT' } };
    }
    if (t.text === 'KILL') return { ...clean, finding: { kind: 'outside', what: 'KILL' } };
    const next = tokens[k + 1];
    const runsString = next?.type === 'string' || next?.text === '(';
    if (t.text === 'SP_EXECUTESQL' || ((t.text === 'EXEC' || t.text === 'EXECUTE') && runsString)) {
      return { ...clean, finding: { kind: 'unchecked', why: 'dynamic SQL (EXEC of a string)' } };
    }
  }
  try {
    const ast = (await loadTsql()).astify(statement, { database: 'TransactSQL' });
    return { ...clean, finding: sqlParserFinding(ast) };
  } catch (error) {
    return {
      ...clean,
      finding: { kind: 'unchecked', why: `node-sql-parser: ${messageOf(error)}` },
    };
  }
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The refusal for an inspection, or null to run: a read-only connection refuses every finding
 * and DO blocks; one that allows writes refuses findings unless the admin allowed server files
 * and programs for it.
 */
export function refusal(
  inspection: Inspection,
  options: Pick<QueryOptions, 'mode' | 'serverAccess'>,
): DriverError | null {
  const readOnly = options.mode === 'read-only';
  if (!readOnly && options.serverAccess) return null;
  const { finding } = inspection;
  if (finding?.kind === 'outside') {
    return new DriverError(
      'forbidden',
      databaseConfigTexts.outsideDatabase(finding.what, readOnly),
    );
  }
  if (finding?.kind === 'unchecked') {
    return new DriverError(
      'forbidden',
      databaseConfigTexts.uncheckedStatement(finding.why, readOnly),
    );
  }
  if (readOnly && inspection.doBlock) {
    return new DriverError('forbidden', databaseConfigTexts.doBlockReadOnly);
  }
  return null;
}
