import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { loadPublished, printedDecimals, publishedCell, publishedRows, publishedValue, textClaim } from '../../kernel-lib/published/index.ts';
import { editedPublished, replaceLine } from '../audit/helpers.ts';

function problems(dir: string): string {
  try {
    loadPublished(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as Error).message;
  }
  throw new Error('expected a ValidationError');
}

describe('loadPublished on data/published', () => {
  const pub = loadPublished();
  it('holds every numeric table of the paper', () => {
    expect([...pub.tables.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '5', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22']);
    expect(publishedRows(pub, '13')).toHaveLength(13);
    expect(publishedRows(pub, '15')).toHaveLength(44);
    expect(publishedRows(pub, '1')).toEqual(['GLM 5.2', 'Qwen3.6-27B', 'Gemma 4 31B', 'GPT-OSS 120B', 'GPT-OSS 20B']);
  });
  it('looks values up by labels as printed (Table 1, Table 17, Table 19 of the paper)', () => {
    expect(publishedValue(pub, 1, 'GLM 5.2', 'Net value per / megajoule (USD/MJ)')).toBe(168.1);
    expect(publishedValue(pub, '17', 'Expert-only / Expert-only', 'TSJ (hours/MJ)')).toBe(3.823);
    expect(publishedValue(pub, '19', 'pass@2', 'NVJ [95% CI] lo')).toBe(71.0);
    expect(publishedValue(pub, '21', '≥3/4', 'NVJ [95% CI]')).toBe(-0.1);
    expect(publishedCell(pub, '13', 'Architecture & Eng.', 'Energy E (MJ)').printed).toBe('0.495');
  });
  it('keeps the printed precision', () => {
    expect(printedDecimals(publishedCell(pub, '1', 'GLM 5.2', 'GDP-weighted task averages / Energy (MJ)').printed)).toBe(3);
    expect(printedDecimals('60.0')).toBe(1);
    expect(printedDecimals('10,000')).toBe(0);
    expect(printedDecimals('four')).toBe(0);
  });
  it('holds the numbers stated in the text', () => {
    expect(textClaim(pub, 'intro.h100x8_energy_ratio').value).toBe(3.24);
    expect(textClaim(pub, 'K.1.first_step_points').value).toBe(58.92);
    expect(textClaim(pub, 'D.1.repeat_match_k').value).toBe(171);
    expect(textClaim(pub, 'K.2.runs').printed).toBe('four');
  });
  it('names what is missing on a failed lookup', () => {
    expect(() => publishedValue(pub, '13', 'Legal', 'NVJ')).toThrow('no published value in Table 13: row "Legal", column "NVJ"');
    expect(() => publishedValue(pub, '3', 'x', 'y')).toThrow('no published Table 3');
    expect(() => textClaim(pub, 'nope')).toThrow('no published text claim nope');
  });
});

describe('loadPublished errors name file and line', () => {
  it('a malformed number', () => {
    const dir = editedPublished({ 'table13.csv': replaceLine('13,Legal,Win–tie (%),60,60.0', '13,Legal,Win–tie (%),60,60.0x') });
    expect(problems(dir)).toMatch(/table13\.csv:\d+: printed: expected a plain decimal/);
  });
  it('a value that is not the printed number', () => {
    const dir = editedPublished({ 'table14.csv': replaceLine('14,Legal,Net value/AI dollar (USD/USD),35.1,35.1', '14,Legal,Net value/AI dollar (USD/USD),35.2,35.1') });
    expect(problems(dir)).toMatch(/table14\.csv:\d+: value: expected the printed number 35.1, found 35.2/);
  });
  it('a table number that disagrees with the file name, on the right line', () => {
    const dir = editedPublished({ 'table02.csv': (t) => t.replace('2,Gemini–Haiku,Exact agreement', '3,Gemini–Haiku,Exact agreement') });
    expect(problems(dir)).toContain('table02.csv:2: table: expected 2 (from the file name), found 3');
  });
  it('a duplicate cell', () => {
    const dir = editedPublished({ 'table02.csv': (t) => t + '2,Gemini–Haiku,Exact agreement,77.2,77.2\n' });
    expect(problems(dir)).toContain('table02.csv:8: column: duplicate cell "Gemini–Haiku" / "Exact agreement", first on line 2');
  });
  it('a wrong header, and every problem at once', () => {
    const dir = editedPublished({
      'table02.csv': (t) => t.replace('table,row,column,value,printed', 'table,row,col,value,printed'),
      'text_claims.csv': (t) => t + 'intro.tasks,1,again,220,tasks,220\n',
    });
    const msg = problems(dir);
    expect(msg).toContain('table02.csv:1: column: missing required column');
    expect(msg).toContain('table02.csv:1: col: unknown column');
    expect(msg).toMatch(/text_claims\.csv:\d+: claim_id: duplicate claim id intro\.tasks, first on line 2/);
  });
  it('a claim whose value is not its printed number', () => {
    const dir = editedPublished({ 'text_claims.csv': (t) => t.replace('runs per task,four', 'runs per task,five') });
    expect(problems(dir)).toMatch(/text_claims\.csv:\d+: value: expected the printed number five, found 4/);
  });
});

describe('loadPublished on text claims whose printed form does not parse', () => {
  it('blames the printed column, not the value, and says what it accepts', () => {
    const dir = editedPublished({ 'text_claims.csv': (t) => t.replace('runs per task,four', 'runs per task,a few') });
    expect(problems(dir)).toMatch(/text_claims\.csv:\d+: printed: expected a numeral such as 3\.24 or 10,000 or a number word \(one to ten, leads, first to sixth, half, quarter\), found "a few"/);
  });
});
