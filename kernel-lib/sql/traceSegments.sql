-- Per-device energy in every segment of a trace's timeline, from power samples (Joules-to-GDP 2.3:
-- "integrated sampled power"): the SQL form of kernel-lib/energy/segmentEnergy.ts for the samples of
-- nvidia-smi power.draw (W), for traces past one process (issue 27). The runs' shares (eq. 2.3: each
-- segment split equally among the runs running in it, plus setup shares) are then taken from these
-- segment energies by kernel-lib/energy/attributeEnergy.ts, unchanged.
--
-- Inputs: a table `samples` (device VARCHAR, mono_ns BIGINT or DOUBLE, power_w DOUBLE, NULL for an
-- unreadable sample) and a table `boundaries` (k INTEGER 0..m-1, t DOUBLE seconds, ascending: every
-- run, setup and idle start and end, energy/timeline.ts). {{origin_ns}}: the logger's start (manifest
-- started.mono_ns), so that t = (mono_ns - origin) / 1e9 as the streaming reader computes it.
-- Segment k spans [b_{k-1}, b_k) (b_{-1} = -inf, b_m = +inf).
--
-- Each interval between a device's consecutive readable samples carries power linear from p0 to p1
-- (the trapezoid rule); it is cut at the boundaries inside it, the piece [a, e] getting
-- (e - a) (p(a) + p(e)) / 2 joules, p interpolated linearly: the same operations as segmentEnergy.ts,
-- added in another order (SUM), so equal to the last bits. The segments are found without a join of
-- every interval: the boundaries go into each device's time-ordered samples (the sort that also
-- counts the unreadable and implausible samples), a running count nb = #boundaries <= t rides along, and an interval
-- whose two ends have the same nb lies inside segment nb (nearly all of them); only the few that
-- straddle a boundary are range-joined to the segments they touch (issue 27: this replaced two ASOF
-- joins, each a sort of every interval). Window functions, UNION ALL and a range join, in reach of
-- Trino and Spark (not run there: BIT_OR is bitwise_or_agg / bit_or, and Trino spells -inf
-- '-Infinity'). Flags: {{gap_flag}} on the segments an
-- interval longer than {{gap_limit_s}} touches, {{missing_flag}} / {{implausible_flag}} on those of an
-- interval spanning an unreadable sample / one above {{ceiling_w}} W (types.ts FLAG). Not here (the
-- streaming reader's, the default engine): duplicate timestamps and lines out of time order.
-- A second query (in the runner) gives each device's readable samples, first and last time.
WITH s_all AS (
  -- a sample above the power ceiling is not used, like an unreadable one (flagged implausible-power)
  SELECT device, (CAST(mono_ns AS DOUBLE) - {{origin_ns}}) / 1e9 AS t,
         CASE WHEN power_w > {{ceiling_w}} THEN NULL ELSE power_w END AS p,
         CASE WHEN power_w IS NULL THEN {{missing_flag}} WHEN power_w > {{ceiling_w}} THEN {{implausible_flag}} ELSE 0 END AS bad,
         0 AS is_b
  FROM samples
  UNION ALL
  -- every boundary once per device, as a row without power
  SELECT d.device, b.t, CAST(NULL AS DOUBLE) AS p, 0 AS bad, 1 AS is_b
  FROM boundaries b CROSS JOIN (SELECT DISTINCT device FROM samples) d
),
ranked AS (
  -- per device in time order (a boundary before a sample at the same time): nb, how many boundaries
  -- come at or before the row (at a sample: #boundaries <= t), and nm / ni, how many unreadable /
  -- implausible samples (running counts: an interval between two readable samples spans one when
  -- the count grows between them)
  SELECT device, t, p, is_b,
         COUNT(CASE WHEN is_b = 1 THEN 1 END) OVER w AS nb,
         COUNT(CASE WHEN bad = {{missing_flag}} THEN 1 END) OVER w AS nm,
         COUNT(CASE WHEN bad = {{implausible_flag}} THEN 1 END) OVER w AS ni
  FROM s_all WINDOW w AS (PARTITION BY device ORDER BY t, is_b DESC ROWS UNBOUNDED PRECEDING)
),
s AS (SELECT device, t, p, nb, nm, ni FROM ranked WHERE p IS NOT NULL),
iv AS (
  SELECT device, LAG(t) OVER w AS t0, LAG(p) OVER w AS p0, LAG(nb) OVER w AS k0, LAG(nm) OVER w AS nm0, LAG(ni) OVER w AS ni0,
         t AS t1, p AS p1, nb AS nb1, nm AS nm1, ni AS ni1
  FROM s WINDOW w AS (PARTITION BY device ORDER BY t)
),
seg AS (
  SELECT k, COALESCE(LAG(t) OVER (ORDER BY k), CAST('-inf' AS DOUBLE)) AS lo, t AS hi FROM boundaries
  UNION ALL
  SELECT COUNT(*) AS k, COALESCE(MAX(t), CAST('-inf' AS DOUBLE)) AS lo, CAST('inf' AS DOUBLE) AS hi FROM boundaries
),
flagged AS (
  -- k0 = #boundaries <= t0: the segment of the interval's start; nb1 = #boundaries <= t1
  SELECT device, t0, p0, t1, p1, k0, nb1,
         (CASE WHEN t1 - t0 > {{gap_limit_s}} THEN {{gap_flag}} ELSE 0 END)
         | (CASE WHEN nm1 > nm0 THEN {{missing_flag}} ELSE 0 END)
         | (CASE WHEN ni1 > ni0 THEN {{implausible_flag}} ELSE 0 END) AS flag
  FROM iv
  WHERE t0 IS NOT NULL AND t1 > t0
),
pieces AS (
  -- no boundary in (t0, t1]: one piece, [t0, t1], in segment k0
  SELECT device, k0 AS k, t0, p0, t1, p1, flag, t0 AS a, t1 AS e, (p1 - p0) / (t1 - t0) AS slope
  FROM flagged WHERE nb1 = k0
  UNION ALL
  -- an interval across boundaries: one piece per segment it touches, k0 up to #boundaries < t1
  -- (segment k is touched when its start lo = b_(k-1) is before t1)
  SELECT f.device, seg.k, f.t0, f.p0, f.t1, f.p1, f.flag,
         GREATEST(f.t0, seg.lo) AS a, LEAST(f.t1, seg.hi) AS e, (f.p1 - f.p0) / (f.t1 - f.t0) AS slope
  FROM flagged f JOIN seg ON seg.k >= f.k0 AND seg.k <= f.nb1 AND seg.lo < f.t1
  WHERE f.nb1 > f.k0
)
SELECT device, k,
       SUM((e - a) * ((CASE WHEN a = t0 THEN p0 ELSE p0 + slope * (a - t0) END)
                    + (CASE WHEN e = t1 THEN p1 ELSE p0 + slope * (e - t0) END)) / 2) AS energy_j,
       BIT_OR(flag) AS flags
FROM pieces
GROUP BY device, k
ORDER BY device, k
