// The phone forms' checks, before the server's (which reads numbers with Twilio's own rules):
// their messages are `phone.validation.*` keys, translated where they are shown.

/** Spaces, dots, dashes and brackets a number may be written with (the server drops them too). */
const SEPARATORS = /[\s().-]/g;

/** A number in E.164: `+`, then the country code and number, at most 15 digits. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** Why a typed number is not one to call, or undefined when it may be. */
export function numberProblem(value: string): 'phone.validation.required' | 'phone.validation.e164' | undefined {
  const v = value.trim();
  if (!v) return 'phone.validation.required';
  return E164.test(v.replace(SEPARATORS, '')) ? undefined : 'phone.validation.e164';
}

/** A variable's row in a form: both empty is no variable. */
export type VariableRow = { name: string; value: string };

export const VARIABLES_MAX = 20;
const NAME = /^[A-Za-z0-9_]{1,64}$/;
const VALUE_MAX = 500;
// A control character (a line break, a tab …) the server refuses in a value.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export type VariableProblem = { row: number; field: 'name' | 'value'; message: 'phone.validation.variableName' | 'phone.validation.variableValue' | 'phone.validation.variableTwice' };

/** Each row's problem (a bad or repeated name, a value too long or of several lines). */
export function variableProblems(rows: VariableRow[]): VariableProblem[] {
  const seen = new Set<string>();
  const problems: VariableProblem[] = [];
  rows.forEach((r, row) => {
    const name = r.name.trim();
    if (!name && !r.value) return;
    if (!NAME.test(name)) problems.push({ row, field: 'name', message: 'phone.validation.variableName' });
    else if (seen.has(name)) problems.push({ row, field: 'name', message: 'phone.validation.variableTwice' });
    else if (r.value.length > VALUE_MAX || CONTROL.test(r.value)) problems.push({ row, field: 'value', message: 'phone.validation.variableValue' });
    seen.add(name);
  });
  return problems;
}

/** The rows as the API takes them: by name, empty rows left out. */
export function toVariables(rows: VariableRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const name = r.name.trim();
    if (name) out[name] = r.value;
  }
  return out;
}
