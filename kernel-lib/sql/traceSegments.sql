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
-- (e - a) (p(a) + p(e)) / 2 joules, p interpolated linearly (DuckDB's ASOF join finds the segments;
-- Trino and Spark would need a range join instead): the same operations as segmentEnergy.ts,
-- added in another order (SUM), so equal to the last bits. Flags: {{gap_flag}} on the segments an
-- interval longer than {{gap_limit_s}} touches, {{missing_flag}} / {{implausible_flag}} on those of an
-- interval spanning an unreadable sample / one above {{ceiling_w}} W (types.ts FLAG). Not here (the
-- streaming reader's, the default engine): duplicate timestamps and lines out of time order.
-- A second query (in the runner) gives each device's readable samples, first and last time.
WITH s_all AS (
  -- a sample above the power ceiling is not used, like an unreadable one (flagged implausible-power)
  SELECT device, (CAST(mono_ns AS DOUBLE) - {{origin_ns}}) / 1e9 AS t,
         CASE WHEN power_w > {{ceiling_w}} THEN NULL ELSE power_w END AS p,
         CASE WHEN power_w IS NULL THEN {{missing_flag}} WHEN power_w > {{ceiling_w}} THEN {{implausible_flag}} ELSE 0 END AS bad
  FROM samples
),
ranked AS (
  -- g: how many readable samples of the device come at or before this one
  SELECT device, t, p, bad, COUNT(p) OVER (PARTITION BY device ORDER BY t ROWS UNBOUNDED PRECEDING) AS g FROM s_all
),
na AS (
  -- an unreadable sample flags the interval that spans it: the one ending at readable sample g + 1
  SELECT device, g + 1 AS g, BIT_OR(bad) AS bad FROM ranked WHERE p IS NULL GROUP BY device, g
),
s AS (SELECT device, t, p, g FROM ranked WHERE p IS NOT NULL),
iv AS (
  SELECT device, g, LAG(t) OVER w AS t0, LAG(p) OVER w AS p0, t AS t1, p AS p1
  FROM s WINDOW w AS (PARTITION BY device ORDER BY t)
),
seg AS (
  SELECT k, COALESCE(LAG(t) OVER (ORDER BY k), CAST('-inf' AS DOUBLE)) AS lo, t AS hi FROM boundaries
  UNION ALL
  SELECT COUNT(*) AS k, COALESCE(MAX(t), CAST('-inf' AS DOUBLE)) AS lo, CAST('inf' AS DOUBLE) AS hi FROM boundaries
),
flagged AS (
  SELECT iv.device, iv.t0, iv.p0, iv.t1, iv.p1,
         (CASE WHEN iv.t1 - iv.t0 > {{gap_limit_s}} THEN {{gap_flag}} ELSE 0 END)
         | COALESCE(na.bad, 0) AS flag
  FROM iv LEFT JOIN na ON na.device = iv.device AND na.g = iv.g
  WHERE iv.t0 IS NOT NULL AND iv.t1 > iv.t0
),
located AS (
  -- k0: the segment of t0 (boundaries <= t0), k1: the segment of the interval's end (boundaries < t1):
  -- two ASOF joins (sort-merge), not a range join of every interval with every segment
  SELECT f.*, COALESCE(b0.k + 1, 0) AS k0, COALESCE(b1.k + 1, 0) AS k1
  FROM flagged f
  ASOF LEFT JOIN boundaries b0 ON f.t0 >= b0.t
  ASOF LEFT JOIN boundaries b1 ON f.t1 > b1.t
),
pieces AS (
  -- most intervals lie inside one segment: one piece, [t0, t1]
  SELECT device, k0 AS k, t0, p0, t1, p1, flag, t0 AS a, t1 AS e, (p1 - p0) / (t1 - t0) AS slope
  FROM located WHERE k0 = k1
  UNION ALL
  -- an interval across boundaries: one piece per segment it touches
  SELECT l.device, seg.k, l.t0, l.p0, l.t1, l.p1, l.flag,
         GREATEST(l.t0, seg.lo) AS a, LEAST(l.t1, seg.hi) AS e, (l.p1 - l.p0) / (l.t1 - l.t0) AS slope
  FROM located l JOIN seg ON seg.k BETWEEN l.k0 AND l.k1
  WHERE l.k0 < l.k1
)
SELECT device, k,
       SUM((e - a) * ((CASE WHEN a = t0 THEN p0 ELSE p0 + slope * (a - t0) END)
                    + (CASE WHEN e = t1 THEN p1 ELSE p0 + slope * (e - t0) END)) / 2) AS energy_j,
       BIT_OR(flag) AS flags
FROM pieces
GROUP BY device, k
ORDER BY device, k
