/**
 * Estimated wage bill of an occupation: total employment times the mean annual wage for jobs paid
 * annually; for jobs reported only with an hourly wage, employment times the hourly wage times the
 * "typical work year" of 2,080 hours (40 hours a week). USD per year. Domain: employment >= 0,
 * wages >= 0; the annual wage is used whenever it is given.
 * // GDPval A.7 ("估计的工资总额": 总就业乘以平均年薪；或总就业乘以时薪再乘以 2,080 小时)
 * Throws "occupationWageBillUSD requires employment >= 0 and an annual or hourly wage >= 0: occupation".
 *
 * Example: `occupationWageBillUSD({ occupation: 'Actors', employment: 1000, hourlyWageUSD: 20 })` // => 41600000
 */
import { J2GError } from '../errors.ts';

export const TYPICAL_WORK_YEAR_H = 2080;

export interface OccupationWage {
  occupation: string;
  employment: number;
  /** mean annual wage, USD; absent for occupations reported only hourly */
  annualWageUSD?: number | null;
  /** hourly wage, USD */
  hourlyWageUSD?: number | null;
}

export function occupationWageBillUSD(o: OccupationWage): number {
  const ok = (x: number | null | undefined): x is number => x !== null && x !== undefined && x >= 0 && Number.isFinite(x);
  if (!(o.employment >= 0) || !Number.isFinite(o.employment) || (!ok(o.annualWageUSD) && !ok(o.hourlyWageUSD))) {
    throw new J2GError(`occupationWageBillUSD requires employment >= 0 and an annual or hourly wage >= 0: ${o.occupation}`);
  }
  return ok(o.annualWageUSD) ? o.employment * o.annualWageUSD : o.employment * o.hourlyWageUSD! * TYPICAL_WORK_YEAR_H;
}
