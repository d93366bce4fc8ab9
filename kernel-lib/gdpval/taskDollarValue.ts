/**
 * Dollar value of a GDPval task: the estimated completion time in hours times the occupation's median
 * hourly wage in OEWS, (completionTimeMin / 60) * medianHourlyWageUSD. USD. Domain: time >= 0 minutes,
 * wage >= 0 USD per hour. The same product prices the expert's completion (H_C) and review (R_C).
 * // GDPval 2.3 ("每道任务的美元价值，用估计的平均完成时间乘以该职业在 OEWS 中的小时工资中位数"), A.2.1 (H_C, R_C)
 * Throws "taskDollarValueUSD requires a time >= 0 in minutes and a wage >= 0 in USD per hour".
 *
 * Example: `taskDollarValueUSD(404, 53.6)` // => 360.9066666666667
 */
import { J2GError } from '../errors.ts';

export function taskDollarValueUSD(completionTimeMin: number, medianHourlyWageUSD: number): number {
  if (!(completionTimeMin >= 0) || !Number.isFinite(completionTimeMin) || !(medianHourlyWageUSD >= 0) || !Number.isFinite(medianHourlyWageUSD)) {
    throw new J2GError('taskDollarValueUSD requires a time >= 0 in minutes and a wage >= 0 in USD per hour');
  }
  return (completionTimeMin / 60) * medianHourlyWageUSD;
}
