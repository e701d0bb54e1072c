// What every benchmark script reads from its command line and how it writes: the report on
// stdout (Markdown), progress on stderr so the report can be piped to a file.

/** A line of the report. */
export const log = (line = ''): void => console.log(line);

/** A progress line on stderr. */
export const progress = (line: string): void => void process.stderr.write(`… ${line}\n`);

/**
 * `--name` on the command line, or npm's config of that name: a root script such as
 * `npm run bench:engine --quick` reaches the benchmark as npm_config_quick=true.
 */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`) || process.env[`npm_config_${name}`] === 'true';
}

/** The value of `--name value` or `--name=value`, else npm's config of that name. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const joined = args.find((a) => a.startsWith(`--${name}=`));
  if (joined) return joined.slice(name.length + 3);
  const value = process.env[`npm_config_${name}`];
  return value && value !== 'true' ? value : undefined;
}

/**
 * A number option, else `fallback`. Anything but a number above 0 (a whole one unless
 * `fraction`) stops the run with a message naming the option.
 */
export function numberOption(name: string, fallback: number, { fraction = false } = {}): number {
  const given = option(name);
  const value = given === undefined ? fallback : Number(given);
  if (!(value > 0) || (!fraction && !Number.isInteger(value))) {
    throw new Error(`--${name} must be ${fraction ? 'a number above 0' : 'a whole number'}`);
  }
  return value;
}
