/**
 * judgeAgreement.ts (Joules-to-GDP D.1, Table 2) against counts made by hand (#29 mutation testing):
 * which comparisons two judges share, exact agreement (same win / tie / loss) and binary agreement
 * (same win-or-tie vs loss), as percents of the shared pairs, and every refusal with its full message.
 *
 * Equivalent survivor (s11-u3 run: 95 + 1 timeout of 97 killed): `winTie = o !== 'loss'` made
 * `o === 'loss'`. Binary agreement compares winTie(a) === winTie(b), and negating both sides of an
 * equality changes nothing; no output can tell them apart.
 */
import { describe, expect, test } from 'vitest';
import { agreementOfCounts, judgeAgreement, outcomeAgreement } from '../../kernel-lib/uncertainty/judgeAgreement.ts';
import type { Outcome } from '../../kernel-lib/data/schema.ts';

describe('judgeAgreement: only the comparisons both judges made', () => {
  test('three shared keys of five: exact 1 of 3, binary 2 of 3 (by hand)', () => {
    // shared: r2 (tie, loss): differ in both; r3 (loss, loss): same; r4 (win, tie): differ, both win-or-tie.
    const a = [{ key: 'r1', outcome: 'win' as Outcome }, { key: 'r2', outcome: 'tie' as Outcome }, { key: 'r3', outcome: 'loss' as Outcome }, { key: 'r4', outcome: 'win' as Outcome }];
    const b = [{ key: 'r2', outcome: 'loss' as Outcome }, { key: 'r3', outcome: 'loss' as Outcome }, { key: 'r4', outcome: 'tie' as Outcome }, { key: 'r5', outcome: 'win' as Outcome }];
    expect(judgeAgreement(a, b)).toEqual({ exactPct: 100 / 3, binaryPct: 200 / 3, pairs: 3 });
    expect(judgeAgreement(b, a)).toEqual({ exactPct: 100 / 3, binaryPct: 200 / 3, pairs: 3 });
  });

  test('no shared key is refused, naming the two judges (default names a and b)', () => {
    const a = [{ key: 'r1', outcome: 'win' as Outcome }], b = [{ key: 'r2', outcome: 'win' as Outcome }];
    expect(() => judgeAgreement(a, b)).toThrow(/^judgeAgreement requires shared judgments: a, b$/);
    expect(() => judgeAgreement(a, b, ['gpt', 'claude'])).toThrow(/^judgeAgreement requires shared judgments: gpt, claude$/);
    expect(() => judgeAgreement([], b)).toThrow('judgeAgreement requires shared judgments: a, b');
  });
});

describe('outcomeAgreement: aligned lists', () => {
  test('binary agreement merges win and tie only: (win, loss) and (tie, loss) disagree, (win, tie) agrees', () => {
    // by hand: exact 0 of 3; binary: (win, loss) no, (tie, loss) no, (win, tie) yes -> 1 of 3
    expect(outcomeAgreement(['win', 'tie', 'win'], ['loss', 'loss', 'tie'])).toEqual({ exactPct: 0, binaryPct: 100 / 3, pairs: 3 });
    // (loss, win) and (loss, tie) disagree too, whichever side the loss is on
    expect(outcomeAgreement(['loss', 'loss'], ['win', 'tie'])).toEqual({ exactPct: 0, binaryPct: 0, pairs: 2 });
    // all the same: 100 and 100 over 5 pairs
    expect(outcomeAgreement(['win', 'tie', 'loss', 'loss', 'win'], ['win', 'tie', 'loss', 'loss', 'win'])).toEqual({ exactPct: 100, binaryPct: 100, pairs: 5 });
  });

  test('refuses unaligned lists, no pair, and an outcome other than win, tie or loss in either list, naming its position', () => {
    expect(() => outcomeAgreement(['win'], ['win', 'tie'])).toThrow(/^outcomeAgreement requires aligned outcomes$/);
    expect(() => outcomeAgreement(['win', 'tie'], ['win'])).toThrow(/^outcomeAgreement requires aligned outcomes$/);
    expect(() => outcomeAgreement([], [])).toThrow(/^outcomeAgreement requires at least one pair$/);
    expect(() => outcomeAgreement(['win', 'draw' as Outcome], ['win', 'tie'])).toThrow(/^outcomeAgreement requires outcomes win, tie or loss: "draw" at position 1$/);
    expect(() => outcomeAgreement(['win', 'tie'], ['tie', 'Loss' as Outcome])).toThrow(/^outcomeAgreement requires outcomes win, tie or loss: "Loss" at position 1$/);
    expect(() => outcomeAgreement(['win', 'tie'], [undefined as unknown as Outcome, 'tie'])).toThrow(/: undefined at position 0$/);
  });
});

describe('agreementOfCounts: the same percents from counts of outcome pairs', () => {
  test('equals outcomeAgreement over the expanded lists (second implementation), counts by hand', () => {
    const counts = [{ a: 'win', b: 'win', n: 3 }, { a: 'win', b: 'tie', n: 1 }, { a: 'tie', b: 'loss', n: 2 }, { a: 'loss', b: 'win', n: 0 }, { a: 'loss', b: 'loss', n: 4 }] as { a: Outcome; b: Outcome; n: number }[];
    // by hand: pairs 10; exact 3 + 4 = 7; binary 3 + 1 + 4 = 8
    expect(agreementOfCounts(counts)).toEqual({ exactPct: 70, binaryPct: 80, pairs: 10 });
    const xa = counts.flatMap((c) => Array<Outcome>(c.n).fill(c.a)), xb = counts.flatMap((c) => Array<Outcome>(c.n).fill(c.b));
    expect(agreementOfCounts(counts)).toEqual(outcomeAgreement(xa, xb));
  });

  test('refuses an unknown outcome on either side, a count that is not an integer >= 0, and no pair at all', () => {
    expect(() => agreementOfCounts([{ a: 'draw' as Outcome, b: 'win', n: 1 }])).toThrow(/^agreementOfCounts requires outcomes win, tie or loss: "draw", "win"$/);
    expect(() => agreementOfCounts([{ a: 'win', b: 'draw' as Outcome, n: 1 }])).toThrow(/^agreementOfCounts requires outcomes win, tie or loss: "win", "draw"$/);
    for (const n of [-1, 1.5, NaN, 2 ** 53]) {
      expect(() => agreementOfCounts([{ a: 'win', b: 'win', n }])).toThrow(new RegExp(`^agreementOfCounts requires counts that are integers >= 0: ${n}$`));
    }
    expect(() => agreementOfCounts([{ a: 'win', b: 'win', n: 0 }])).toThrow(/^agreementOfCounts requires at least one pair$/);
    expect(() => agreementOfCounts([])).toThrow(/^agreementOfCounts requires at least one pair$/);
    // a count of 0 beside others is allowed
    expect(agreementOfCounts([{ a: 'win', b: 'win', n: 0 }, { a: 'tie', b: 'tie', n: 2 }])).toEqual({ exactPct: 100, binaryPct: 100, pairs: 2 });
  });
});
