import { type OptionValues, UsageRefusal } from "./command-types";

/**
 * The one grammar of the ops commands (docs/decisions/061): positionals name the subject (an
 * exhibition code, a user name, a subcommand, a file), every setting is an `--option value` the
 * command declares. These helpers read the parsed options; their refusals are UsageRefusals, so the
 * command's usage is printed under them.
 */

/** The option that takes a field's value: `perM3` → `per-m3`, `nameZh` → `name-zh`. */
export const optionName = (field: string) => field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** An option's text, or undefined when it was not given. */
export function textOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** The options given on the command line (`help` aside). */
const givenOptions = (values: OptionValues) => Object.keys(values).filter((name) => name !== "help" && values[name] !== undefined);

/** Refuses an option the subcommand does not take (the command declares the options of all its subcommands). */
export function onlyOptions(values: OptionValues, allowed: readonly string[], what: string) {
  const other = givenOptions(values).filter((name) => !allowed.includes(name));
  if (other.length) {
    const takes = allowed.length ? `takes only ${allowed.map((name) => `--${name}`).join(", ")}` : "takes no options";
    throw new UsageRefusal(`${what} ${takes}; got ${other.map((name) => `--${name}`).join(", ")}.`);
  }
}

/** Refuses positionals beyond the subject, naming the first. */
export function noMorePositionals(rest: readonly string[]) {
  if (rest.length) throw new UsageRefusal(`Not understood: "${rest[0]}".`);
}

/**
 * A setting of several subjects in one run (several accounts, several booths): given once, it holds for
 * every subject; given once per subject, the first value is the first subject's, and so on (as curl
 * pairs its -o files with its URLs). The option is declared `multiple`.
 */
export function perSubject(values: OptionValues, name: string, subjects: readonly string[], noun: string): (string | undefined)[] {
  const value = values[name];
  const given = value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
  if (given.length <= 1) return subjects.map(() => given[0]);
  if (given.length === subjects.length) return given;
  throw new UsageRefusal(`--${name} is given ${given.length} times for ${subjects.length} ${noun}: give it once for all, or once for each in their order.`);
}
