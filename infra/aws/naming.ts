/** Construct id for a kebab-case name: `submit-form` → `SubmitForm`. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
