import { describe, expect, it } from 'vitest';
import { formatCallDuration } from '@/features/phone/utils/format';
import { numberProblem, toVariables, variableProblems } from '@/features/phone/utils/form';

describe('the phone screen’s formats and checks', () => {
  it('shows a call’s length as a clock', () => {
    expect(formatCallDuration('en', 0)).toBe('0:00');
    expect(formatCallDuration('en', 65)).toBe('1:05');
    expect(formatCallDuration('en', 3725)).toBe('1:02:05');
    expect(formatCallDuration('en', null)).toBeNull();
  });

  it('takes numbers in E.164, written with spaces or dashes too', () => {
    expect(numberProblem('+1 415-555-2671')).toBeUndefined();
    expect(numberProblem('+44 (20) 7946 0958')).toBeUndefined();
    expect(numberProblem('')).toBe('phone.validation.required');
    expect(numberProblem('4155552671')).toBe('phone.validation.e164');
    expect(numberProblem('+0123456789')).toBe('phone.validation.e164');
  });

  it('checks variables by row and sends them by name', () => {
    const rows = [
      { name: 'customer_name', value: 'Ada' },
      { name: '', value: '' },
      { name: 'bad name', value: 'x' },
      { name: 'customer_name', value: 'again' },
      { name: 'note', value: 'two\nlines' },
    ];
    expect(variableProblems(rows)).toEqual([
      { row: 2, field: 'name', message: 'phone.validation.variableName' },
      { row: 3, field: 'name', message: 'phone.validation.variableTwice' },
      { row: 4, field: 'value', message: 'phone.validation.variableValue' },
    ]);
    expect(toVariables([{ name: ' order ', value: '42' }, { name: '', value: '' }])).toEqual({ order: '42' });
  });
});
