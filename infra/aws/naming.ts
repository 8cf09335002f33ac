/** Construct id for a kebab-case name: `submit-form` → `SubmitForm`. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}

/** A stage's name: lower-case letters, digits and dashes, as stack and resource names allow. */
export function stageOf(value: unknown = 'dev'): string {
  if (typeof value !== 'string' || !/^[a-z][a-z0-9-]{0,19}$/.test(value)) {
    throw new Error(`Context stage must be lower-case letters, digits and dashes (at most 20), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The stack of a stage: AgriDealer-dev, AgriDealer-prod. */
export const stackName = (stage: string) => `AgriDealer-${stage}`;
