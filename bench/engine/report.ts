// Where the engine benchmark writes: the report (Markdown) on stdout, progress on stderr.

export const log = (line = ''): void => console.log(line);
export const progress = (line: string): void => void process.stderr.write(`… ${line}\n`);
