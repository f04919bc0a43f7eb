/** Every value given to `flag` on a command line (`--flag a --flag b` or `--flag a,b`). */
export function flagValues(argv: readonly string[], flag: string): string[] {
  const values: string[] = [];
  argv.forEach((arg, index) => {
    if (arg === flag && argv[index + 1] !== undefined) values.push(...argv[index + 1]!.split(','));
    else if (arg.startsWith(`${flag}=`)) values.push(...arg.slice(flag.length + 1).split(','));
  });
  return values.filter((value) => value.length > 0);
}
