import { describe, expect, it } from 'vitest';
import {
  inspectMysql,
  inspectPostgresql,
  inspectSqlserver,
  refusal,
  type Inspection,
} from './confinement.js';

// The statement checks of decision 0266 on their own (the live refusals are in
// database-connections-live.test.ts). SQL Server has no server on these machines: its refusals
// are tested here only.

const what = (inspection: Inspection) =>
  inspection.finding?.kind === 'outside'
    ? inspection.finding.what
    : (inspection.finding?.kind ?? null);

describe('PostgreSQL statements that reach outside the database', () => {
  const cases: [string, string][] = [
    ["copy (select 1) to program 'id'", 'COPY … TO PROGRAM'],
    ["COPY t FROM PROGRAM 'id'", 'COPY … FROM PROGRAM'],
    ["copy (select 1) to '/tmp/x'", 'COPY … TO a server file'],
    ["copy t from '/etc/passwd'", 'COPY … FROM a server file'],
    ["select pg_read_file('/etc/hostname')", 'pg_read_file'],
    [`select "pg_read_file"('/etc/hostname')`, 'pg_read_file'],
    [`select "PG_READ_FILE"('/etc/hostname')`, 'pg_read_file'],
    ["SELECT PG_READ_FILE('/etc/hostname')", 'pg_read_file'],
    ["select pg_catalog.pg_read_file('/etc/hostname')", 'pg_read_file'],
    ["select pg_read_file/**/('/etc/hostname')", 'pg_read_file'],
    ["select pg_read_file(E'\\x2fetc/hostname')", 'pg_read_file'],
    [`select U&"pg\\005fread_file"('/etc/hostname')`, 'pg_read_file'],
    ["select pg_read_binary_file('/etc/hostname')", 'pg_read_binary_file'],
    ["select * from pg_ls_dir('.')", 'pg_ls_dir'],
    ["select lo_import('/etc/hostname')", 'lo_import'],
    ["select lo_export(1, '/tmp/x')", 'lo_export'],
    ["select dblink('host=x', 'select 1')", 'dblink (dblink)'],
    ["select dblink_exec('host=x', 'select 1')", 'dblink (dblink_exec)'],
    ['select pg_terminate_backend(1)', 'pg_terminate_backend'],
    ['select pg_cancel_backend(1)', 'pg_cancel_backend'],
    ['create extension postgres_fdw', 'CREATE EXTENSION'],
    [
      "create server s foreign data wrapper postgres_fdw options (host 'x')",
      'CREATE SERVER (a foreign data wrapper)',
    ],
    ['create foreign table f (a int) server s', 'CREATE FOREIGN TABLE'],
    ['with x as (select pg_read_file($$/etc/hostname$$) as v) select * from x', 'pg_read_file'],
    ["explain analyze select pg_read_file('/etc/hostname')", 'pg_read_file'],
    ["do $$ begin perform pg_read_file('/etc/hostname'); end $$", 'pg_read_file'],
    ["do $x$ begin copy (select 1) to program 'id'; end $x$", 'COPY … TO PROGRAM'],
    ["do $$ declare v text; begin v := lo_import('/etc/hostname'); end $$", 'lo_import'],
    ["do $$ begin if pg_ls_dir('.') is null then null; end if; end $$", 'pg_ls_dir'],
    [
      "create function f() returns text language sql as 'select pg_read_file(''/etc/hostname'')'",
      'pg_read_file',
    ],
    [
      "create function f() returns text language sql return pg_read_file('/etc/hostname')",
      'pg_read_file',
    ],
    ['create operator !!! (function = pg_read_file, rightarg = text)', 'pg_read_file'],
    ["alter system set archive_command = 'id'", 'ALTER SYSTEM'],
    ["load '/tmp/x.so'", 'LOAD (a server library)'],
  ];
  for (const [sql, named] of cases) {
    it(`finds ${named} in ${sql}`, async () => {
      expect(what(await inspectPostgresql(sql))).toBe(named);
    });
  }

  it('cannot check dynamic SQL, other languages or what does not parse', async () => {
    for (const sql of [
      "do $$ begin execute 'select pg_read_' || 'file(''/etc/hostname'')'; end $$",
      "do $$ declare r record; begin for r in execute 'select 1' loop end loop; end $$",
      "create function f() returns void language plpgsql as $$ begin execute 'x'; end $$",
      "do language plperlu $$ system('id') $$",
      "select query_to_xml('select pg_read_file(''/etc/hostname'')', true, true, '')",
      'selec 1',
    ]) {
      expect((await inspectPostgresql(sql)).finding?.kind, sql).toBe('unchecked');
    }
  });

  it('leaves ordinary statements alone, names in strings included', async () => {
    for (const sql of [
      'select 1',
      "select 'pg_read_file' as name, 'copy t to program' as text",
      'select * from pg_stat_activity',
      "select array_agg(repeat('x', 10)) from generate_series(1, 3)",
      'copy (select 1) to stdout',
      'insert into t values (1) returning *',
      'create table t (a int)',
      "do $$ begin raise notice 'hi'; end $$",
      'create function f(a int) returns int language plpgsql as $$ begin return a + 1; end $$',
    ]) {
      expect((await inspectPostgresql(sql)).finding, sql).toBeNull();
    }
    expect((await inspectPostgresql('do $$ begin null; end $$')).doBlock).toBe(true);
    expect((await inspectPostgresql('select * from s.t join u on true')).relations.sort()).toEqual([
      's.t',
      'u',
    ]);
  });
});

describe('MySQL and MariaDB statements that reach outside the database', () => {
  const cases: [string, string][] = [
    ["LOAD DATA INFILE '/etc/passwd' INTO TABLE t", 'LOAD DATA'],
    ["load data local infile '/etc/passwd' into table t", 'LOAD DATA'],
    ["LOAD XML INFILE '/x' INTO TABLE t", 'LOAD XML'],
    ["select 1 into outfile '/tmp/x'", 'SELECT … INTO OUTFILE'],
    ["SELECT * FROM t INTO DUMPFILE '/tmp/x'", 'SELECT … INTO DUMPFILE'],
    ["select 1 into/**/outfile '/tmp/x'", 'SELECT … INTO OUTFILE'],
    ["select load_file('/etc/hostname')", 'LOAD_FILE'],
    ["SELECT LOAD_FILE('/etc/hostname')", 'LOAD_FILE'],
    ["select `load_file`('/etc/hostname')", 'LOAD_FILE'],
    ["select load_file /* c */ ('/etc/hostname')", 'LOAD_FILE'],
    ["select '\\'' , load_file('/etc/hostname') -- '", 'LOAD_FILE'],
    ["select '\\' , load_file('/etc/hostname') -- '", 'LOAD_FILE'],
    ['kill 5', 'KILL'],
    ["set global general_log_file = '/tmp/x'", 'SET GLOBAL (a server-wide setting)'],
    ["set @@global.general_log_file = '/tmp/x'", 'SET GLOBAL (a server-wide setting)'],
    ["install soname 'x'", 'INSTALL SONAME'],
    ['create table t (a int) engine=CONNECT', 'the CONNECT engine'],
    ["BEGIN NOT ATOMIC SELECT LOAD_FILE('/etc/hostname'); END", 'LOAD_FILE'],
    ["create table t (a int) data directory = '/tmp'", 'DATA DIRECTORY'],
    ["create procedure p() begin select load_file('/etc/hostname'); end", 'LOAD_FILE'],
  ];
  for (const [sql, named] of cases) {
    it(`finds ${named} in ${sql}`, async () => {
      expect(what(await inspectMysql(sql))).toBe(named);
    });
  }

  it('cannot check executable comments, PREPARE or what does not parse', async () => {
    for (const sql of [
      "select /*!50000 load_file('/etc/hostname') */",
      "select /*M! load_file('/etc/hostname') */ 1",
      "prepare s from concat('select load_', 'file(1)')",
      "execute immediate 'select 1'",
      'selec 1',
      'select 1 +',
      'handler t read first',
    ]) {
      expect((await inspectMysql(sql)).finding?.kind, sql).toBe('unchecked');
    }
  });

  it('leaves ordinary statements alone', async () => {
    for (const sql of [
      'select 1',
      "select 'load_file' as name, 'into outfile' as text",
      'show tables',
      'select * from information_schema.tables limit 3',
      "insert into t values (1, 'x')",
      'SET STATEMENT max_statement_time=0 FOR SELECT SLEEP(6)',
      'SET ROLE r',
      'alter table o add foreign key (customer_id) references c(id)',
      'analyze table t',
      'create procedure p() begin select 1; end',
      "select repeat('x', 10) as r",
    ]) {
      expect((await inspectMysql(sql)).finding, sql).toBeNull();
    }
  });
});

describe('SQL Server statements that reach outside the database (no live server here)', () => {
  const cases: [string, string][] = [
    ["EXEC xp_cmdshell 'whoami'", 'xp_cmdshell'],
    ["exec master..xp_cmdshell 'whoami'", 'xp_cmdshell'],
    ["exec [master].[dbo].[xp_cmdshell] 'whoami'", 'xp_cmdshell'],
    ["EXEC /* c */ Xp_CmdShell N'whoami'", 'xp_cmdshell'],
    ["exec xp_dirtree 'c:\\'", 'xp_dirtree'],
    ["SELECT * FROM OPENROWSET(BULK 'c:\\x.txt', SINGLE_CLOB) AS x", 'OPENROWSET'],
    ["select * from openrowset('SQLNCLI', 'Server=x;', 'select 1')", 'OPENROWSET'],
    ["BULK INSERT t FROM 'c:\\x.csv'", 'BULK INSERT'],
    ["bulk /* c */ insert t from 'c:\\x.csv'", 'BULK INSERT'],
    ["select * from openquery(srv, 'select 1')", 'OPENQUERY (a linked server)'],
  ];
  for (const [sql, named] of cases) {
    it(`finds ${named} in ${sql}`, async () => {
      expect(what(await inspectSqlserver(sql))).toBe(named);
    });
  }

  it('cannot check dynamic SQL; leaves ordinary statements alone', async () => {
    for (const sql of ["exec('xp_' + 'cmdshell ''whoami''')", "exec sp_executesql N'select 1'"]) {
      expect((await inspectSqlserver(sql)).finding?.kind, sql).toBe('unchecked');
    }
    for (const sql of ['select 1', 'select top 5 * from [dbo].[t]', "select 'xp_cmdshell' as n"]) {
      expect((await inspectSqlserver(sql)).finding, sql).toBeNull();
    }
  });
});

describe('refusal', () => {
  const outside: Inspection = {
    finding: { kind: 'outside', what: 'pg_read_file' },
    doBlock: false,
    relations: [],
  };
  it('refuses read-only always, writes unless server access is allowed, and names what', () => {
    expect(refusal(outside, { mode: 'read-only', serverAccess: true })?.message).toContain(
      'pg_read_file',
    );
    expect(refusal(outside, { mode: 'read-only', serverAccess: false })?.message).toMatch(
      /read-only connection never runs it/,
    );
    expect(refusal(outside, { mode: 'ask-before-write', serverAccess: false })?.message).toMatch(
      /Allow server files and programs/,
    );
    expect(refusal(outside, { mode: 'write', serverAccess: true })).toBeNull();
    const doBlock: Inspection = { finding: null, doBlock: true, relations: [] };
    expect(refusal(doBlock, { mode: 'read-only', serverAccess: false })?.message).toMatch(
      /DO block/,
    );
    expect(refusal(doBlock, { mode: 'write', serverAccess: false })).toBeNull();
  });
});
